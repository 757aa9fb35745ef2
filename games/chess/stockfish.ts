/**
 * Stockfish over UCI, called synchronously from a simulation's tick: a worker thread owns the engine
 * process and answers each search through shared memory while the caller waits (Atomics.wait). One
 * thread, a fixed hash and `ucinewgame` before every search keep a depth-limited search deterministic.
 */
import { existsSync } from 'node:fs';
import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

/** How the engine plays: search depth in plies and UCI `Skill Level` 0-20 (below 20 the engine is not deterministic). */
export interface EngineOptions {
  readonly depth: number;
  readonly skill: number;
}

/** The engine binary: $ARENA_STOCKFISH, else Debian's /usr/games/stockfish, else `stockfish` on the PATH. */
export function stockfishPath(): string {
  const env = process.env.ARENA_STOCKFISH;
  if (env !== undefined && env !== '') return env;
  return existsSync('/usr/games/stockfish') ? '/usr/games/stockfish' : 'stockfish';
}

/** Engine options from $ARENA_STOCKFISH_DEPTH and $ARENA_STOCKFISH_SKILL over `defaults`. */
export function engineOptions(defaults: EngineOptions): EngineOptions {
  const read = (name: string, fallback: number, max: number): number => {
    const raw = process.env[name];
    if (raw === undefined || raw === '') return fallback;
    const v = Number(raw);
    if (!Number.isInteger(v) || v < 0 || v > max) throw new RangeError(`${name} must be a whole number 0-${max} (got '${raw}')`);
    return v;
  };
  return { depth: Math.max(1, read('ARENA_STOCKFISH_DEPTH', defaults.depth, 30)), skill: read('ARENA_STOCKFISH_SKILL', defaults.skill, 20) };
}

const WORKER = `
const { workerData } = require('node:worker_threads');
const { spawn } = require('node:child_process');
const { port, flag, path } = workerData;
const engine = spawn(path, [], { stdio: ['pipe', 'pipe', 'ignore'] });
let buffer = '';
let waiting = null;
const answer = (msg) => { port.postMessage(msg); Atomics.store(flag, 0, 1); Atomics.notify(flag, 0); };
engine.on('error', (err) => answer({ error: 'cannot start ' + path + ': ' + err.message + ' (Debian package stockfish)' }));
engine.on('exit', () => { if (waiting) answer({ error: 'stockfish exited' }); waiting = null; });
engine.stdout.on('data', (chunk) => {
  buffer += chunk.toString();
  let nl;
  while ((nl = buffer.indexOf('\\n')) >= 0) {
    const line = buffer.slice(0, nl).trim();
    buffer = buffer.slice(nl + 1);
    if (waiting && line.startsWith(waiting)) { waiting = null; answer({ line }); }
  }
});
const send = (text) => engine.stdin.write(text + '\\n');
send('uci');
send('setoption name Threads value 1');
send('setoption name Hash value 16');
port.on('message', (req) => {
  if (req.quit) { send('quit'); port.close(); return; }
  waiting = 'bestmove';
  send('setoption name Skill Level value ' + req.skill);
  send('ucinewgame');
  send('position fen ' + req.fen);
  send('go depth ' + req.depth);
});
`;

/** One Stockfish process behind a worker, queried synchronously. */
export class SyncStockfish {
  private readonly worker: Worker;
  private readonly port: MessagePort;
  private readonly flag = new Int32Array(new SharedArrayBuffer(4));

  constructor(path = stockfishPath()) {
    const { port1, port2 } = new MessageChannel();
    this.port = port1;
    this.worker = new Worker(WORKER, { eval: true, workerData: { port: port2, flag: this.flag, path }, transferList: [port2] });
    this.worker.unref();
    this.port.unref();
  }

  /** The engine's best move for `fen` in UCI (`e7e5`), or undefined when the side to move has none. */
  bestMove(fen: string, options: EngineOptions, timeoutMs = 60_000): string | undefined {
    Atomics.store(this.flag, 0, 0);
    this.port.postMessage({ fen, depth: options.depth, skill: options.skill });
    if (Atomics.wait(this.flag, 0, 0, timeoutMs) === 'timed-out') throw new Error(`stockfish gave no move within ${timeoutMs} ms`);
    const reply = receiveMessageOnPort(this.port)?.message as { line?: string; error?: string } | undefined;
    if (!reply || reply.error !== undefined) throw new Error(reply?.error ?? 'no reply from the stockfish worker');
    const move = reply.line!.split(/\s+/)[1];
    return move === undefined || move === '(none)' ? undefined : move;
  }

  /** Ends the engine and its worker. */
  close(): void {
    this.port.postMessage({ quit: true });
    void this.worker.terminate();
  }
}

let shared: SyncStockfish | undefined;

/** The process's engine, started on first use. */
export function sharedStockfish(): SyncStockfish {
  shared ??= new SyncStockfish();
  return shared;
}
