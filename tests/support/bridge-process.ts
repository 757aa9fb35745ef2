/**
 * `arena bridge` and `arena match` as child processes (optionally inside a network namespace), a self-signed
 * certificate made with openssl, and the parts of two run records that must agree whatever link carried them.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readRun } from './run-dir.js';

/** A child started by {@link startReady}: its ready line, its stderr so far, and a stop. */
export interface ReadyProcess {
  readonly child: ChildProcess;
  readonly ready: Record<string, unknown>;
  stderr(): string;
  /** Resolves with the next stderr line that contains `text` (already written ones count). */
  waitFor(text: string): Promise<void>;
  stop(): Promise<void>;
}

/** The `ARENA_READY {...}` line's object, or `{ url }` of `arena serve`'s "listening URL" line. */
function readyOf(line: string): Record<string, unknown> | undefined {
  if (line.startsWith('ARENA_READY ')) return JSON.parse(line.slice(12)) as Record<string, unknown>;
  const m = /listening (https?:\/\/\S+)/.exec(line);
  return m ? { url: m[1] } : undefined;
}

/** Runs `prefix... command args` and waits for its ready line. */
export async function startReady(command: string, args: readonly string[], prefix: readonly string[] = [], env: Record<string, string> = {}): Promise<ReadyProcess> {
  const [bin, ...rest] = [...prefix, command, ...args];
  const child = spawn(bin!, rest, { env: { ...process.env, ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let err = '';
  const waiters: { text: string; resolve: () => void }[] = [];
  child.stderr.setEncoding('utf8').on('data', (d: string) => {
    err += d;
    for (const w of waiters.splice(0)) {
      if (err.includes(w.text)) w.resolve();
      else waiters.push(w);
    }
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const ready = await new Promise<Record<string, unknown>>((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const ready = readyOf(line);
      if (ready) resolve(ready);
    });
    void exited.then(() => reject(new Error(`${command} ${args.join(' ')} exited before it was ready:\n${err}`)));
  });
  return {
    child,
    ready,
    stderr: () => err,
    waitFor: (text) => (err.includes(text) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ text, resolve }))),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `node bin/arena.js bridge ...` (in a namespace with `prefix`). */
export function startBridge(args: readonly string[], prefix: readonly string[] = []): Promise<ReadyProcess> {
  return startReady(process.execPath, ['bin/arena.js', 'bridge', ...args], prefix);
}

/** What `arena match --json` printed, and the run directory it wrote. */
export interface MatchRun {
  readonly code: number | null;
  readonly dir: string;
  readonly result: Record<string, unknown>;
  readonly stderr: string;
}

/** Runs `arena match ... --json --quiet --runs-dir DIR` to its end (in a namespace with `prefix`). */
export function runMatch(args: readonly string[], runsDir: string, prefix: readonly string[] = [], env: Record<string, string> = {}): Promise<MatchRun> {
  const [bin, ...rest] = [...prefix, process.execPath, 'bin/arena.js', 'match', ...args, '--json', '--quiet', '--runs-dir', runsDir];
  const child = spawn(bin, rest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (err += d));
  return new Promise((resolve) =>
    child.once('close', (code) => {
      const dirs = readdirSync(runsDir).filter((d) => !d.startsWith('.'));
      const result = JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;
      resolve({ code, dir: typeof result.dir === 'string' ? result.dir : join(runsDir, dirs.at(-1) ?? ''), result, stderr: err });
    }),
  );
}

/** The behaviour a run record shows: the ledger without wall times, and each decision's frame digest and chunk. */
export function behaviourOf(dir: string): { ledger: unknown[]; decisions: unknown[]; status: string } {
  const run = readRun(dir);
  const dropWall = (line: Record<string, unknown>): Record<string, unknown> => Object.fromEntries(Object.entries(line).filter(([k]) => !/wall/i.test(k)));
  return {
    status: run.meta.status,
    ledger: run.ledger.map(dropWall),
    decisions: run.decisions.map((d) => ({ slot: d.slot, step: d.step, observedAtMs: d.observedAtMs, frameSeq: d.frameSeq, frameDigest: d.frameDigest, chunk: d.chunk, chargedMs: d.chargedMs })),
  };
}

/** A temp folder with a token file, and a self-signed certificate for `host` (openssl req -x509). */
export function bridgeSecrets(host: string): { dir: string; tokenFile: string; token: string; cert: string; key: string; cleanup: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'arena-bridge-'));
  const token = randomBytes(24).toString('base64url');
  const tokenFile = join(dir, 'token');
  writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  const cert = join(dir, 'cert.pem');
  const key = join(dir, 'key.pem');
  const san = /^[\d.]+$/.test(host) ? `IP:${host}` : `DNS:${host}`;
  const made = spawnSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', `/CN=${host}`, '-addext', `subjectAltName=${san}`], { encoding: 'utf8' });
  if (made.status !== 0) throw new Error(`openssl could not make a certificate: ${made.stderr || made.error?.message}`);
  return { dir, tokenFile, token, cert, key, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
