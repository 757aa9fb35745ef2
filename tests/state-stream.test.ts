/**
 * The privileged perception stream (state.jsonl): every real-time reference game has a perception adapter
 * and its runs record the tracked state and critical events at their exact game times; asking for the stream
 * changes no agent-visible byte (frames, observations, decisions); watchers get it through `onState`; a run
 * recorded without it gets the same lines back by re-simulation; board games and torn lines are handled.
 */
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { builtinGames, perceptionAdapters, scriptedPolicies } from '../games/index.js';
import { getGame, type GameEntry } from '../games-manifest/index.js';
import { readRunRecord, readStateLines, rebuildStateLines, runMatch, type MatchSlot, type MatchSpec, type StateLineRecord } from '../gateway/index.js';
import { CloseCode, GAME_LINK_VERSION, type Agent, type Observation } from '../protocol/index.js';
import { rawClient } from './support/raw-client.js';
import { serveGame, skyDuelGame } from '../games/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { launchGame } from '../env-bridge/index.js';
import { tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeAll(() => {
  runs = tempRunsDir();
});
afterAll(() => runs.cleanup());

const REAL_TIME = builtinGames.filter((g) => getGame(g.id).regime !== 'turn-based').map((g) => g.id);

const slotsOf = (game: string, seen?: Observation[]): MatchSlot[] =>
  getGame(game).slots.map((s, i) => {
    const agent = createAgent(i === 0 ? 'scripted' : 'random', { scripted: scriptedPolicies, game, seed: 3 });
    return { slot: s.slot, agent: seen ? watching(agent, seen) : agent };
  });

/** `agent`, keeping every observation it is given. */
function watching(agent: Agent, seen: Observation[]): Agent {
  return { kind: agent.kind, privileged: agent.privileged, frameEncoding: agent.frameEncoding, start: (i) => agent.start(i), close: () => agent.close(), decide: (o, s) => (seen.push(o), agent.decide(o, s)) };
}

/** A launch that serves the game in this process and never asks it for the tracked stream. */
const withoutStream = (entry: GameEntry): ReturnType<typeof launchInProcess> => launchInProcess(entry);

async function play(game: string, extra: Partial<MatchSpec> = {}): Promise<string> {
  const result = await runMatch({ game, runsDir: runs.dir, clock: 'pdq', stepBudget: 4, seed: 7, launch: launchInProcess, slots: slotsOf(game), ...extra });
  expect(result.status, result.error?.message).toBe('complete');
  return result.dir;
}

const eventKey = (e: { simMs: number; name?: string | undefined; slot?: number | undefined; data?: unknown }): string => JSON.stringify([e.simMs, e.name, e.slot ?? null, e.data ?? null]);

describe('perception adapters', () => {
  it('cover exactly the twelve real-time reference games', () => {
    expect(REAL_TIME).toHaveLength(12);
    expect([...perceptionAdapters.keys()].sort()).toEqual([...REAL_TIME].sort());
    for (const [id, a] of perceptionAdapters) {
      expect(a.game).toBe(id);
      expect(a.events.length, id).toBeGreaterThan(0);
      expect(new Set(a.variables.map((v) => v.name)).size, id).toBe(a.variables.length);
      for (const spec of [...a.events, ...a.variables]) expect('description' in spec ? spec.description : spec.definition, `${id} ${spec.name}`).toMatch(/\w/);
      expect(a.players.regime === 'rivals', id).toBe(a.lead !== undefined);
    }
  });
});

describe.each(REAL_TIME.map((id) => [id]))('%s records its state stream', (id) => {
  it('state.jsonl: tracked variables at 0 ms, critical events at their exact times, a step line per decision', async () => {
    const dir = await play(id);
    const adapter = perceptionAdapters.get(id)!;
    const record = readRunRecord(dir);
    const lines = record.state!;
    expect(lines[0]).toMatchObject({ kind: 'state', simMs: 0 });
    const names = adapter.variables.map((v) => v.name).sort();
    for (const l of lines) {
      if (l.kind === 'event') continue;
      expect(Object.keys(l.tracked).sort()).toEqual(names);
      // Discrete labels: short strings, whole numbers, flags.
      for (const v of Object.values(l.tracked)) if (typeof v === 'number') expect(Number.isInteger(v), `${id}: ${v}`).toBe(true);
    }
    const vocabulary = new Set(adapter.events.map((e) => e.name));
    const recorded = record.events.filter((e) => e.type === 'event' && vocabulary.has(e.name!)).map(eventKey);
    expect(lines.filter((l) => l.kind === 'event').map(eventKey)).toEqual(recorded);
    expect(lines.filter((l) => l.kind === 'step')).toHaveLength(record.decisions.length);
    const times = lines.map((l) => l.simMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });
});

describe('the stream and what agents see', () => {
  it('asking for it changes no frame, observation or decision, and no agent ever gets it', async () => {
    const seenWith: Observation[] = [];
    const seenWithout: Observation[] = [];
    const a = await play('sky_duel', { slots: slotsOf('sky_duel', seenWith), stepBudget: 8 });
    const b = await play('sky_duel', { slots: slotsOf('sky_duel', seenWithout), stepBudget: 8, launch: withoutStream });
    expect(existsSync(join(a, 'state.jsonl'))).toBe(true);
    expect(existsSync(join(b, 'state.jsonl'))).toBe(false);
    const frames = readdirSync(join(a, 'frames')).sort();
    expect(frames.length).toBeGreaterThan(0);
    expect(readdirSync(join(b, 'frames')).sort()).toEqual(frames);
    for (const f of frames) expect(readFileSync(join(a, 'frames', f)).equals(readFileSync(join(b, 'frames', f))), f).toBe(true);
    const behaviour = (dir: string): unknown[] => readRunRecord(dir).decisions.map((d) => [d.slot, d.step, d.observedAtMs, d.frameDigest, d.answer, d.note, d.inputs]);
    expect(behaviour(a)).toEqual(behaviour(b));
    expect(readFileSync(join(a, 'events.jsonl'), 'utf8')).toBe(readFileSync(join(b, 'events.jsonl'), 'utf8'));
    const strip = (o: Observation): unknown => ({ ...o, frame: { ...o.frame, data: Buffer.from(o.frame.data).toString('base64') } });
    expect(seenWith.map(strip)).toEqual(seenWithout.map(strip));
    for (const o of seenWith) expect(Object.keys(o)).not.toContain('tracked');
  });

  it('a hit line is followed at the same game time by the state it left (the exact post-event HP)', async () => {
    const dir = await play('sky_duel', { slots: ['scripted', 'scripted'].map((k, slot) => ({ slot, agent: createAgent(k, { scripted: scriptedPolicies, game: 'sky_duel', seed: 5 }) })), stepBudget: 30 });
    const lines = readStateLines(dir)!;
    const hits = lines.filter((l): l is Extract<StateLineRecord, { kind: 'event' }> => l.kind === 'event' && l.name === 'hit');
    expect(hits.length).toBeGreaterThan(0);
    for (const hit of hits) {
      const after = lines.find((l) => l.kind === 'state' && l.simMs === hit.simMs) as Extract<StateLineRecord, { kind: 'state' }>;
      expect(after, `state at ${hit.simMs}`).toBeDefined();
      expect(after.tracked[hit.data!.target === 0 ? 'hp_a' : 'hp_b']).toBe(hit.data!.targetHp);
    }
  });

  it('an observer gets every tracked report as it is recorded', async () => {
    const reports: { simMs: number; tracked: Record<string, unknown>; events: readonly { name: string }[] }[] = [];
    const dir = await play('crystal_guard', { observer: { onState: (r) => void reports.push({ ...r, tracked: { ...r.tracked } }) } });
    const lines = readStateLines(dir)!;
    expect(reports.length).toBeGreaterThan(0);
    expect(reports.flatMap((r) => r.events.map((e) => e.name))).toEqual(lines.filter((l) => l.kind === 'event').map((l) => (l as { name: string }).name));
    const states = lines.filter((l) => l.kind === 'state');
    expect(states.map((l) => l.simMs)).toEqual(reports.filter((r, i) => i === 0 || JSON.stringify(r.tracked) !== JSON.stringify(reports[i - 1]!.tracked)).map((r) => r.simMs));
  });

  it('a run recorded without the stream gets the same lines back by re-simulation', async () => {
    const a = await play('midline_clash', { stepBudget: 6 });
    const b = await play('midline_clash', { stepBudget: 6, launch: withoutStream });
    const rebuilt = await rebuildStateLines(b, { launch: launchInProcess });
    expect(rebuilt.replayed).toBe(true);
    expect(rebuilt.lines).toEqual(readStateLines(a));
  });

  it('a reference game reached as a remote endpoint (a bridge) records the same stream as one launched here', async () => {
    const here = await play('sky_duel', { stepBudget: 8 });
    const server = await serveGame(skyDuelGame, { port: 0 });
    try {
      const entry: GameEntry = { ...getGame('sky_duel'), launch: { kind: 'remote', url: `ws://127.0.0.1:${server.port}` } };
      const remote = await play('sky_duel', { stepBudget: 8, entry, launch: (e, o) => launchGame(e, o) });
      expect(readRunRecord(remote).state).toBeDefined();
      expect(readFileSync(join(remote, 'state.jsonl'), 'utf8')).toBe(readFileSync(join(here, 'state.jsonl'), 'utf8'));
    } finally {
      await server.close();
    }
  });

  it('board games have no state stream', async () => {
    const dir = await play('tic_tac_toe', { slots: [{ slot: 0, agent: createAgent('random', { game: 'tic_tac_toe', seed: 2 }) }] });
    expect(readRunRecord(dir).state).toBeUndefined();
  });

  it('a state.jsonl line that breaks the schema is BAD_RECORD naming the line; a torn last line is skipped', async () => {
    const dir = await play('last_stand');
    const path = join(dir, 'state.jsonl');
    const good = readFileSync(path, 'utf8');
    writeFileSync(path, `${good}{"kind":"state","simMs":`);
    expect(readStateLines(dir)).toHaveLength(good.trim().split('\n').length);
    writeFileSync(path, `${good}{"kind":"state","simMs":5,"tracked":{"x":[1]}}\n`);
    let error: unknown;
    try {
      readStateLines(dir);
    } catch (err) {
      error = err;
    }
    expect(error).toMatchObject({ code: 'BAD_RECORD' });
    expect(String((error as Error).message)).toContain(`state.jsonl line ${good.trim().split('\n').length + 1}`);
  });
});

describe('GameLink tracked reports', () => {
  /** A raw client of a sky_duel host in this process, past its hello (with `extra` fields). */
  async function hello(extra: Record<string, unknown>): Promise<{ c: Awaited<ReturnType<typeof rawClient>>; close: () => Promise<void> }> {
    const server = await serveGame(skyDuelGame, { port: 0 });
    const c = await rawClient(`ws://127.0.0.1:${server.port}`);
    c.send({ type: 'hello', version: GAME_LINK_VERSION, client: 'test', privileged: false, ...extra });
    return { c, close: async () => (c.ws.terminate(), await server.close()) };
  }

  it('go only to a client whose hello asked, before the reply that closes the request, never as state', async () => {
    for (const perception of [true, false]) {
      const { c, close } = await hello(perception ? { perception } : {});
      try {
        await c.next((m) => m.type === 'hello');
        c.send({ type: 'reset', id: 1, seed: 1, variant: 'origin', slots: [0, 1], frame: { width: 32, height: 16, encoding: 'rgb' } });
        await c.next((m) => m.type === 'done' && m.id === 1);
        const types = c.messages.map((m) => m.type);
        expect(types.includes('tracked'), `perception ${perception}`).toBe(perception);
        expect(types).not.toContain('state');
        if (perception) {
          expect(types.indexOf('tracked')).toBeLessThan(types.indexOf('done'));
          expect(c.messages.find((m) => m.type === 'tracked')).toMatchObject({ simMs: 0, events: [], tracked: { hp_a: 100, hp_b: 100, lead: 'even' } });
        }
      } finally {
        await close();
      }
    }
  });

  it('a hello whose perception is not a switch closes the link with BAD_MESSAGE', async () => {
    const { c, close } = await hello({ perception: 'yes' });
    try {
      expect((await c.closed).code).toBe(CloseCode.BAD_MESSAGE);
      expect(c.messages.find((m) => m.type === 'error')).toMatchObject({ code: 'BAD_MESSAGE' });
    } finally {
      await close();
    }
  });
});
