/**
 * The fuzz suite: seeded, bounded hostile input against the real GameLink host (in this process and as a
 * game process of its own), AgentLink and the RemoteInput server over real sockets. Each hostile case is
 * followed by a good client that must still be served, and every refusal carries its documented code.
 * A few seconds per target by default; ARENA_FUZZ_SECONDS=60 runs longer, ARENA_FUZZ_SEED=n picks the seed.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { encode } from '@msgpack/msgpack';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGENT_LINK_VERSION,
  AgentMessage,
  ArenaError,
  ClientMessage,
  CloseCode,
  FIRE_AND_FORGET,
  GAME_LINK_VERSION,
  Limits,
  Prng,
  RemoteInputCommand,
  closeCodeFor,
  decodeMessage,
  messageSchema,
} from '../protocol/index.js';
import { serveRemoteInput, type GameServer, type RemoteInputServer } from '../game-host/index.js';
import { serveGame, SimulationBackend } from '../games/index.js';
import { startGameProcess, type StartedProcess } from '../env-bridge/index.js';
import { AgentLinkServer, RemoteAgent } from '../gateway/index.js';
import { fuzzBudget, fuzzCase } from '../scripts/fuzz/msgpack-cases.js';
import { lineClient, type Line } from './support/line-client.js';
import { probeEntry, probeGame } from './support/probe-game.js';
import { rawClient, type RawClient } from './support/raw-client.js';
import { frame, rawWs, violations } from '../scripts/fuzz/raw-ws.js';

const budget = fuzzBudget(1.5);
/** Fewest cases per target, however slow the machine: the assertions below need a real sample. */
const MIN_CASES = 40;
/** The GameLink host's limit for one client message (input schedules, never frames). */
const GAME_LINK_CLIENT_MAX = 1024 * 1024;

const gameHello = { type: 'hello', version: GAME_LINK_VERSION, client: 'fuzz', privileged: false };
const gameValid: object[] = [
  gameHello,
  { type: 'reset', id: 1, seed: 1, variant: 'origin', slots: [0, 1], frame: { width: 32, height: 16, encoding: 'rgb' } },
  { type: 'advance', id: 2, ms: 120, inputs: [{ type: 'key', at: 0, slot: 0, key: 'W', down: true }], frames: [0] },
  { type: 'observe', id: 3, frames: [0, 1] },
  { type: 'pause', id: 4 },
  { type: 'bye' },
];

/** The close code a link must answer `bytes` with, per its codec and state; undefined when the bytes are a valid message it may accept. */
function expectedGameLinkClose(bytes: Uint8Array, afterHello: boolean): number | undefined {
  try {
    const msg = decodeMessage(bytes, messageSchema(ClientMessage), GAME_LINK_CLIENT_MAX);
    if (!afterHello && msg.type !== 'hello') return CloseCode.BAD_STATE;
    if (!afterHello && msg.type === 'hello' && msg.version !== GAME_LINK_VERSION) return CloseCode.VERSION_MISMATCH;
    if (afterHello && msg.type === 'hello') return CloseCode.BAD_STATE;
    return undefined;
  } catch (err) {
    if (!(err instanceof ArenaError)) throw err;
    return closeCodeFor(err.code);
  }
}

/** Closes a client cleanly and waits for the server's side of the close. */
async function closeClient(c: RawClient): Promise<void> {
  if (c.ws.readyState === c.ws.OPEN) c.ws.close(1000);
  await c.closed;
}

/** A good GameLink client: says hello, gets the game's hello back, leaves. */
async function goodGameClient(port: number): Promise<void> {
  const c = await rawClient(`ws://127.0.0.1:${port}`);
  c.send(gameHello);
  const hello = await c.next((m) => m.type === 'hello' || m.type === 'error');
  expect(hello.type).toBe('hello');
  await closeClient(c);
}

interface Tally {
  cases: number;
  readonly codes: Map<number, number>;
}

const tally = (): Tally => ({ cases: 0, codes: new Map() });
const count = (t: Tally, code: number | undefined): void => {
  t.cases += 1;
  if (code !== undefined) t.codes.set(code, (t.codes.get(code) ?? 0) + 1);
};

/** Runs `one` on seeded cases until the budget is spent (and at least MIN_CASES ran). */
async function fuzzFor(stream: number, one: (rng: Prng, i: number) => Promise<void>): Promise<number> {
  const rng = new Prng(budget.seed, stream);
  const started = performance.now();
  let i = 0;
  for (; i < MIN_CASES || performance.now() - started < budget.ms; i++) await one(rng, i);
  return i;
}

async function msgpackAgainstGameLink(port: number, stream: number): Promise<Tally> {
  const t = tally();
  await fuzzFor(stream, async (rng, i) => {
    const afterHello = rng.int(2) === 1;
    const bytes = fuzzCase(rng, gameValid, [...messageSchema(ClientMessage).types]);
    const c = await rawClient(`ws://127.0.0.1:${port}`);
    if (afterHello) {
      c.send(gameHello);
      await c.next((m) => m.type === 'hello');
    }
    c.sendBytes(bytes);
    const expected = expectedGameLinkClose(bytes, afterHello);
    if (expected !== undefined) {
      const closed = await c.closed;
      expect(closed.code, `seed ${budget.seed} case ${i}: ${Buffer.from(bytes).toString('hex').slice(0, 80)}`).toBe(expected);
    } else await closeClient(c);
    count(t, expected);
    await goodGameClient(port);
  });
  return t;
}

async function violationsAgainst(port: number, path: string, maxPayload: number, helloFrame: Buffer | undefined, good: () => Promise<void>): Promise<number> {
  let n = 0;
  for (const v of violations(maxPayload)) {
    for (const greeted of helloFrame ? [false, true] : [false]) {
      const raw = await rawWs(port, path);
      if (greeted && helloFrame) raw.write(helloFrame);
      raw.write(v.bytes);
      expect(await raw.closed, `${v.name}${greeted ? ' after hello' : ''}`).toBe(v.code);
      await good();
      n += 1;
    }
  }
  return n;
}

describe('fuzz: GameLink host', () => {
  let server: GameServer;
  beforeAll(async () => {
    server = await serveGame(probeGame, { entry: probeEntry });
  });
  afterAll(async () => {
    await server.close();
  });

  it('answers random and mutated msgpack with its documented close code and keeps serving', async () => {
    const t = await msgpackAgainstGameLink(server.port, 1);
    expect(t.cases).toBeGreaterThanOrEqual(MIN_CASES);
    // Truncations and noise are corrupt bytes, never "too large".
    expect(t.codes.get(CloseCode.BAD_MESSAGE) ?? 0).toBeGreaterThan(0);
    expect(t.codes.get(CloseCode.INTERNAL)).toBeUndefined();
  });

  it('answers every truncation of a valid message with BAD_MESSAGE, never TOO_LARGE', async () => {
    const whole = Buffer.from(encode(gameValid[2]!));
    for (let cut = 1; cut < whole.length; cut++) {
      const c = await rawClient(`ws://127.0.0.1:${server.port}`);
      c.send(gameHello);
      await c.next((m) => m.type === 'hello');
      c.sendBytes(whole.subarray(0, cut));
      expect((await c.next((m) => m.type === 'error')).code).toBe('BAD_MESSAGE');
      expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
    }
    await goodGameClient(server.port);
  });

  it('answers every raw WebSocket violation, before and after hello, with its RFC close code and keeps serving', async () => {
    const n = await violationsAgainst(server.port, '/', Limits.maxMessageBytes, frame({ opcode: 0x2, payload: encode(gameHello) }), () => goodGameClient(server.port));
    expect(n).toBe(violations(0).length * 2);
  });

  it('refuses a second client while one holds the game, without dying of its bad frames', async () => {
    const holder = await rawClient(`ws://127.0.0.1:${server.port}`);
    holder.send(gameHello);
    await holder.next((m) => m.type === 'hello');
    const second = await rawWs(server.port);
    second.write(frame({ opcode: 0x3, payload: Buffer.from('x') }));
    expect([CloseCode.BAD_STATE, 1002]).toContain(await second.closed);
    await closeClient(holder);
    await goodGameClient(server.port);
  });

  it('closes a connection that never says hello with BAD_STATE, freeing the seat', async () => {
    const quick = await serveGame(probeGame, { entry: probeEntry, helloTimeoutMs: 200 });
    try {
      const silent = await rawClient(`ws://127.0.0.1:${quick.port}`);
      const err = await silent.next((m) => m.type === 'error');
      expect(err.code).toBe('BAD_STATE');
      expect((await silent.closed).code).toBe(CloseCode.BAD_STATE);
      await goodGameClient(quick.port);
    } finally {
      await quick.close();
    }
  });
});

describe('fuzz: GameLink host as a game process of its own', () => {
  let proc: StartedProcess;
  beforeAll(async () => {
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const main = fileURLToPath(new URL('../games/last-stand/main.ts', import.meta.url));
    proc = await startGameProcess({ command: process.execPath, args: ['--import', tsx, main], cwd: fileURLToPath(new URL('..', import.meta.url)) });
  });
  afterAll(async () => {
    await proc.stop();
  });

  it('survives every raw violation and hostile msgpack: the process lives and serves the next client', async () => {
    const n = await violationsAgainst(proc.port, '/', Limits.maxMessageBytes, undefined, () => goodGameClient(proc.port));
    expect(n).toBe(violations(0).length);
    const rng = new Prng(budget.seed, 9);
    for (let i = 0; i < MIN_CASES; i++) {
      const c = await rawClient(`ws://127.0.0.1:${proc.port}`);
      const bytes = fuzzCase(rng, gameValid, [...messageSchema(ClientMessage).types]);
      c.sendBytes(bytes);
      const expected = expectedGameLinkClose(bytes, false);
      if (expected !== undefined) expect((await c.closed).code).toBe(expected);
      else await closeClient(c);
    }
    await goodGameClient(proc.port);
    expect(proc.child.exitCode).toBeNull();
  });
});

describe('fuzz: AgentLink', () => {
  let link: AgentLinkServer;
  let agent: RemoteAgent;
  const info = { matchId: 'fuzz', game: 'probe', variant: 'origin', slot: 0, team: 0, controls: probeEntry.controls, gamePrompt: 'fuzz', stepBudget: 10 };
  beforeAll(async () => {
    link = await AgentLinkServer.listen();
    agent = new RemoteAgent(0, { frameEncoding: 'rgb', joinTimeoutMs: 600_000 });
    link.register(agent);
    void agent.start(info);
  });
  afterAll(async () => {
    await agent.close();
    await link.close();
  });
  const hello = (token: string): object => ({ type: 'hello', version: AGENT_LINK_VERSION, token, agent: 'fuzz' });
  const valid = (): object[] => [hello('0'.repeat(32)), { type: 'action', step: 0, answer: '{"look":[0,0],"steps":[]}' }, { type: 'bye' }];

  /** A good agent: joins its slot with the token and is welcomed. */
  async function goodAgent(): Promise<void> {
    const c = await rawClient(link.url);
    c.send(hello(agent.token));
    const welcome = await c.next((m) => m.type === 'welcome' || m.type === 'error');
    expect(welcome.type).toBe('welcome');
    await closeClient(c);
  }

  function expectedClose(bytes: Uint8Array, afterHello: boolean): number | undefined {
    try {
      const msg = decodeMessage(bytes, messageSchema(AgentMessage), Limits.maxAgentMessageBytes);
      if (afterHello) return msg.type === 'hello' ? CloseCode.BAD_STATE : undefined;
      if (msg.type !== 'hello') return CloseCode.BAD_STATE;
      if (msg.version !== AGENT_LINK_VERSION) return CloseCode.VERSION_MISMATCH;
      return msg.token === agent.token ? undefined : CloseCode.BAD_TOKEN;
    } catch (err) {
      if (!(err instanceof ArenaError)) throw err;
      return closeCodeFor(err.code);
    }
  }

  it('answers random and mutated msgpack with its documented close code and keeps serving', async () => {
    const t = tally();
    await fuzzFor(2, async (rng, i) => {
      const afterHello = rng.int(2) === 1;
      const bytes = fuzzCase(rng, valid(), [...messageSchema(AgentMessage).types]);
      const c = await rawClient(link.url);
      if (afterHello) {
        c.send(hello(agent.token));
        await c.next((m) => m.type === 'welcome');
      }
      c.sendBytes(bytes);
      const expected = expectedClose(bytes, afterHello);
      if (expected !== undefined) expect((await c.closed).code, `seed ${budget.seed} case ${i}`).toBe(expected);
      else await closeClient(c);
      count(t, expected);
      await goodAgent();
    });
    expect(t.cases).toBeGreaterThanOrEqual(MIN_CASES);
    expect(t.codes.get(CloseCode.BAD_MESSAGE) ?? 0).toBeGreaterThan(0);
    expect(t.codes.get(CloseCode.INTERNAL)).toBeUndefined();
  });

  it('answers every raw WebSocket violation with its RFC close code and keeps serving', async () => {
    const n = await violationsAgainst(Number(new URL(link.url).port), '/agent', Limits.maxAgentMessageBytes * 4, undefined, goodAgent);
    expect(n).toBe(violations(0).length);
  });

  it('answers an upgrade on another path with 404 and closes it', async () => {
    const port = Number(new URL(link.url).port);
    await expect(rawWs(port, '/other')).rejects.toThrow(/404/);
    await goodAgent();
  });
});

describe('fuzz: RemoteInput server', () => {
  let server: RemoteInputServer;
  const maxLineBytes = 4096;
  beforeAll(async () => {
    server = await serveRemoteInput(new SimulationBackend(probeGame), { port: 0, entry: probeEntry, welcome: false, maxLineBytes });
  });
  afterAll(async () => {
    await server.close();
  });
  const validLines = ['{"type":"get_score"}', '{"type":"key","key":"W","event":"pressed"}', '{"type":"screenshot","quality":50}', '{"type":"mouse","dx":3,"dy":-1}', '{"type":"game_over_check"}'];

  /** What the server must answer a line with: an error, nothing, or a reply of its own. */
  function expectedReply(line: string): 'error' | 'none' | 'reply' {
    const trimmed = line.trim();
    if (trimmed.length === 0) return 'none';
    let raw: unknown;
    try {
      raw = JSON.parse(trimmed);
    } catch {
      return 'error';
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw) || typeof (raw as { type?: unknown }).type !== 'string') return 'error';
    const type = (raw as { type: string }).type;
    const parsed = RemoteInputCommand.safeParse(raw);
    if (FIRE_AND_FORGET.has(type)) return 'none';
    return parsed.success ? 'reply' : 'error';
  }

  function mutate(rng: Prng): string {
    const base = validLines[rng.int(validLines.length)]!;
    const chars = [...base];
    switch (rng.int(4)) {
      case 0:
        return base.slice(0, rng.int(base.length));
      case 1:
        for (let k = 0; k < 1 + rng.int(3); k++) chars[rng.int(chars.length)] = String.fromCharCode(32 + rng.int(95));
        return chars.join('');
      case 2:
        return Buffer.from(Array.from({ length: rng.int(40) }, () => 11 + rng.int(245))).toString('latin1');
      default:
        return JSON.stringify({ type: ['key', 'screenshot', 'warp', 'reset', 'axis'][rng.int(5)], quality: rng.int(300) - 100, key: rng.int(2) ? 'W' : 5 });
    }
  }

  async function goodPlayer(): Promise<void> {
    const c = await lineClient(server.ports[0]!);
    const score = await c.ask({ type: 'get_score' });
    expect(typeof score.score).toBe('number');
    c.socket.end();
    await c.closed;
  }

  it('answers each hostile line as documented (an error, or silence for fire-and-forget) and keeps serving', async () => {
    const seen = { error: 0, none: 0, reply: 0 };
    await fuzzFor(3, async (rng, i) => {
      const line = mutate(rng).replace(/[\n\r]/g, ' ');
      const want = expectedReply(line);
      seen[want] += 1;
      const c = await lineClient(server.ports[0]!);
      c.sendRaw(`${line}\n`);
      // A score request right after: whatever came before its reply is the answer to the hostile line.
      const from = c.lines.length;
      c.send({ type: 'get_score' });
      const score = await c.next((l) => typeof l.score === 'number' && l.type === 'score', from);
      const before = c.lines.slice(from, c.lines.indexOf(score));
      const errors = before.filter((l: Line) => l.type === 'error');
      if (want === 'error') expect(errors.length, `case ${i}: ${JSON.stringify(line)}`).toBe(1);
      if (want === 'none') expect(before, `case ${i}: ${JSON.stringify(line)}`).toEqual([]);
      if (want === 'reply') expect(errors, `case ${i}: ${JSON.stringify(line)}`).toEqual([]);
      c.socket.destroy();
      await c.closed;
      await goodPlayer();
    });
    expect(seen.error).toBeGreaterThan(0);
    expect(seen.none + seen.reply).toBeGreaterThan(0);
  });

  it('closes a connection whose line runs past the limit, with an error line, and keeps serving', async () => {
    for (const junk of [Buffer.alloc(maxLineBytes + 10, 0x41), Buffer.from(Array.from({ length: maxLineBytes * 2 }, (_, k) => (k * 7919) % 256).filter((b) => b !== 10))]) {
      const c = await lineClient(server.ports[0]!).catch(() => undefined);
      expect(c).toBeDefined();
      c!.sendRaw(junk);
      await c!.closed;
      expect(c!.lines.some((l) => l.type === 'error' && /longer than/.test(String(l.error)))).toBe(true);
      await goodPlayer();
    }
  });
});
