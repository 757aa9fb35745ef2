/**
 * Under the omnigamearena profile, what the runner forwards we forward: every token of an answer reaches a
 * build as the key name the runner sends (`w`, `W+A`, `D.`, `k1`, `space`, `lmb` as written, `Space` as
 * `SpaceBar`), a look goes out unclamped in the runner's units, and a look the build could not parse is
 * recorded, not sent. Our reference games under the profile read key names as a UE build does: without
 * case against the controls' UE key names, an unknown name doing nothing, and the run records every input.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getGame, runnerEntry, RUNNER_GAMES, type GameEntry } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

let fake: FakeRemoteInput | undefined;
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const c of cleanups.splice(0)) await c();
});

function buildEntry(build: FakeRemoteInput): GameEntry {
  const shaped = runnerEntry(getGame('last_stand'), RUNNER_GAMES.last_stand!, { kind: 'remote-input', host: '127.0.0.1', port: build.ports[0]! }, { origin: '/Game/Fixture/Stand' });
  return { ...shaped, launch: { ...(shaped.launch as Extract<GameEntry['launch'], { kind: 'remote-input' }>), ports: [...build.ports], mapWaitMs: 0 } };
}

/** A fixed charge, so a first decision made with the world running costs the same game time in every run. */
const NO_LATENCY = { kind: 'synthetic', ms: 0, jitterMs: 0, seed: 0 } as const;

async function play(answers: readonly string[], entry?: GameEntry, latency: { kind: 'synthetic'; ms: number; jitterMs: number; seed: number } = NO_LATENCY, profile: 'omnigamearena' | 'default' = 'omnigamearena'): Promise<ReturnType<typeof readRun>> {
  const runs = tempRunsDir();
  cleanups.push(runs.cleanup);
  const result = await runMatch({
    game: 'last_stand',
    ...(entry ? { entry } : {}),
    profile,
    clock: 'pdq',
    seed: 7,
    stepBudget: answers.length,
    observationDelayMs: 0,
    runsDir: runs.dir,
    slots: [{ slot: 0, agent: new ScriptAgent(answers.map((answer) => ({ answer }))), latency }],
  });
  expect(result.status).toBe('complete');
  return readRun(result.dir);
}

describe('the omnigamearena profile on the wire', () => {
  it("sends a build every token as the runner names it and the look unclamped in the runner's units", async () => {
    fake = await startFakeRemoteInput({}, 1);
    await play(['<|action_start|>720 -400 ; w W+A ; D. k1 ; space Space ; LMB ; lmb W:A<|action_end|>'], buildEntry(fake));
    const lines = fake.received.map((r) => r.line).filter((l) => ['key', 'mouse', 'mouse_button'].includes(String(l.type)));
    expect(lines[0]).toEqual({ type: 'mouse', dx: 720 / (360 / 2057), dy: -400 / (360 / 2057) });
    const pressed = lines.filter((l) => l.event === 'pressed').map((l) => (l.type === 'key' ? l.key : `button:${String(l.button)}`));
    expect(pressed).toEqual(['w', 'W+A', 'D.', 'k1', 'space', 'SpaceBar', 'button:left', 'lmb', 'W:A']);
    // Every press is released, by the name it was pressed with.
    const released = lines.filter((l) => l.event === 'released').map((l) => (l.type === 'key' ? l.key : `button:${String(l.button)}`));
    expect([...released].sort()).toEqual([...pressed].sort());
  }, 30_000);

  it('records a look the build cannot parse instead of sending it, and sends the rest of the chunk', async () => {
    fake = await startFakeRemoteInput({}, 1);
    const run = await play(['<|action_start|>nan 20 ; W<|action_end|>', '<|action_start|>1e400 0 ; D<|action_end|>'], buildEntry(fake));
    expect(fake.received.some((r) => r.line.type === 'mouse')).toBe(false);
    expect(fake.received.filter((r) => r.line.type === 'key' && r.line.event === 'pressed').map((r) => r.line.key)).toEqual(['W', 'D']);
    expect(run.decisions.map((d) => d.status)).toEqual(['valid', 'valid']);
    expect(run.decisions.map((d) => (d as { unsent?: { what: string }[] }).unsent?.map((u) => u.what))).toEqual([['mouse dx=NaN dy=114.27777777777777'], ['mouse dx=Infinity dy=0']]);
    expect((run.decisions[0]!.chunk as { look: unknown }).look).toEqual({ dx: null, dy: 20 });
  }, 30_000);

  it('lets a reference game read key names as a UE build does: without case, and an unknown name does nothing', async () => {
    const steps = (k: string): string => `<|action_start|>0 0 ; ${Array(6).fill(k).join(' ; ')}<|action_end|>`;
    const digest = (run: ReturnType<typeof readRun>): unknown => run.decisions[1]?.frameDigest;
    type Input = { key?: string; down?: boolean };
    const inputs = (run: ReturnType<typeof readRun>): Input[] => run.decisions[0]!.inputs as Input[];
    const upper = await play([steps('W'), 'I wait.']);
    const lower = await play([steps('w'), 'I wait.']);
    const idle = await play(['I wait.', 'I wait.']);
    const unknown = await play([steps('W+A D. k1 space'), 'I wait.']);
    expect(digest(upper)).toBeDefined();
    expect(digest(lower)).toBe(digest(upper));
    expect(digest(upper)).not.toBe(digest(idle));
    expect(digest(unknown)).toBe(digest(idle));
    // The run records every input as it was sent.
    expect(inputs(unknown).filter((i) => i.down === true).map((i) => i.key)).toEqual(['W+A', 'D.', 'k1', 'space']);
    expect(inputs(lower)[0]).toMatchObject({ type: 'key', key: 'w', down: true });
  }, 60_000);

  it('refuses a build under the profile whose recipe names no maps with BAD_CONFIG, before it connects', async () => {
    const entry = runnerEntry(getGame('last_stand'), RUNNER_GAMES.last_stand!, { kind: 'remote-input', host: '127.0.0.1', port: 1 });
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const played = runMatch({ game: 'last_stand', entry, profile: 'omnigamearena', stepBudget: 1, runsDir: runs.dir, slots: [{ slot: 0, agent: new ScriptAgent([{ answer: 'x' }]) }] });
    await expect(played).rejects.toMatchObject({ code: 'BAD_CONFIG' });
    await expect(played).rejects.toThrow(/--maps/);
  });

  it('makes the first decision of an episode with the world running under pdq, as the runner does, and no other', async () => {
    const answer = '<|action_start|>0 0 ; W<|action_end|>';
    const placements = (run: ReturnType<typeof readRun>): unknown[] => run.ledger.filter((l) => l.kind === 'placement').map((l) => [l.chargedMs, l.chunkStartMs, l.latencySource]);
    const runner = await play([answer, answer], undefined, { kind: 'synthetic', ms: 250, jitterMs: 0, seed: 0 });
    expect(placements(runner)).toEqual([[250, 250, 'synthetic:250'], [0, 250 + 720, 'none']]);
    const ours = await play([answer, answer], undefined, { kind: 'synthetic', ms: 250, jitterMs: 0, seed: 0 }, 'default');
    expect(placements(ours).map((p) => (p as unknown[])[0])).toEqual([0, 0]);
  }, 60_000);
});
