/**
 * The RemoteInput server's first-line deadline: a connection that sends no complete line within it is told so
 * and closed, while one that spoke in time may stay quiet, and other clients are served throughout.
 */
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { REMOTE_INPUT_FIRST_LINE_TIMEOUT_MS, serveRemoteInput, type RemoteInputServer } from '../game-host/index.js';
import { SimulationBackend, lastStandGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { hasCode } from '../protocol/index.js';

let server: RemoteInputServer | undefined;
const sockets: Socket[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.destroy();
  await server?.close();
  server = undefined;
});

const DEADLINE_MS = 300;
const serve = (over: { firstLineTimeoutMs?: number } = {}) =>
  serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0, entry: getGame('last_stand'), welcome: false, paused: true, firstLineTimeoutMs: DEADLINE_MS, ...over });

/** A connected socket whose received lines are collected; `closed` resolves with them when the server closes it. */
async function client(port: number): Promise<{ socket: Socket; lines: () => Record<string, unknown>[]; next: () => Promise<Record<string, unknown>>; closed: Promise<Record<string, unknown>[]> }> {
  const socket = connect({ host: '127.0.0.1', port });
  sockets.push(socket);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let buf = '';
  const got: Record<string, unknown>[] = [];
  const waiting: ((line: Record<string, unknown>) => void)[] = [];
  socket.on('data', (chunk: Buffer) => {
    buf += chunk.toString('utf8');
    for (let nl = buf.indexOf('\n'); nl >= 0; nl = buf.indexOf('\n')) {
      const line = JSON.parse(buf.slice(0, nl)) as Record<string, unknown>;
      buf = buf.slice(nl + 1);
      got.push(line);
      waiting.shift()?.(line);
    }
  });
  const closed = new Promise<Record<string, unknown>[]>((resolve) => socket.once('close', () => resolve(got)));
  return { socket, lines: () => got, next: () => new Promise((resolve) => waiting.push(resolve)), closed };
}

describe('RemoteInput server: the deadline from accept to the first line', () => {
  it('tells a silent connection why and closes it, and still serves a good client', async () => {
    server = await serve();
    const silent = await client(server.ports[0]!);
    const lines = await silent.closed;
    expect(lines).toEqual([{ type: 'error', error: `no command within ${DEADLINE_MS} ms of connecting; closing` }]);
    expect(server.stats.idleClosed).toBe(1);
    const good = await client(server.ports[0]!);
    const reply = good.next();
    good.socket.write(`${JSON.stringify({ type: 'get_score' })}\n`);
    expect(typeof (await reply).score).toBe('number');
  });

  it('counts only complete lines: a client that sends half a line is closed too', async () => {
    server = await serve();
    const half = await client(server.ports[0]!);
    half.socket.write('{"type":"get_sc');
    const lines = await half.closed;
    expect(lines.at(-1)?.type).toBe('error');
    expect(String(lines.at(-1)?.error)).toMatch(/no command within/);
    expect(server.stats.idleClosed).toBe(1);
  });

  it('ends at the first line: a client that spoke may stay quiet past the deadline and is still served', async () => {
    server = await serve();
    const early = await client(server.ports[0]!);
    const first = early.next();
    early.socket.write(`${JSON.stringify({ type: 'get_score' })}\n`);
    await first;
    // A later silent connection is closed at its own deadline, which is after the early client's has passed.
    const silent = await client(server.ports[0]!);
    await silent.closed;
    expect(server.stats.idleClosed).toBe(1);
    expect(early.socket.destroyed).toBe(false);
    const again = early.next();
    early.socket.write(`${JSON.stringify({ type: 'get_score' })}\n`);
    expect(typeof (await again).score).toBe('number');
    expect(server.clients).toBe(1);
  });

  it('defaults to 10 s and refuses a deadline that is not a positive number with BAD_CONFIG', async () => {
    expect(REMOTE_INPUT_FIRST_LINE_TIMEOUT_MS).toBe(10_000);
    for (const bad of [0, -1, Number.NaN]) {
      const err = await serve({ firstLineTimeoutMs: bad }).catch((e: unknown) => e);
      expect(hasCode(err, 'BAD_CONFIG')).toBe(true);
    }
  });
});
