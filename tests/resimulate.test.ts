/**
 * Re-simulation: every reference game and variant, recorded under pdq (and one lcrt run per game with a
 * jittered charged latency), replays from its record bit for bit; a tampered input line or frame digest is
 * caught at the first differing step; cutting advances into pieces for video changes nothing the record saw.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, createVlmAgent } from '../agents/index.js';
import { startFakeProvider } from './support/fake-provider.js';
import { builtinGames, scriptedPolicies } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { resimulate, runMatch, type MatchSlot, type MatchSpec } from '../gateway/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { tempRunsDir } from './support/run-dir.js';
import { expectRunReplays } from './support/verify-run.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeAll(() => {
  runs = tempRunsDir();
});
afterAll(() => runs.cleanup());

const slotsOf = (game: string): MatchSlot[] =>
  getGame(game).slots.map((s, i) => ({ slot: s.slot, agent: createAgent(i === 0 ? 'scripted' : 'random', { scripted: scriptedPolicies, game, seed: 3 }) }));

async function play(game: string, extra: Partial<MatchSpec> = {}): Promise<string> {
  const result = await runMatch({ game, runsDir: runs.dir, clock: 'pdq', stepBudget: 3, seed: 11, launch: launchInProcess, slots: slotsOf(game), ...extra });
  expect(result.status, result.error?.message).toBe('complete');
  return result.dir;
}

describe.each(builtinGames.map((g) => [g.id]))('%s re-simulates', (id) => {
  it.each(getGame(id).variants.map((v) => [v.id]))('variant %s under pdq', async (variant) => {
    const dir = await play(id, { variant });
    const report = await expectRunReplays(dir);
    expect(report.checked.progress).toBeGreaterThan(0);
  });

  it('under lcrt with a jittered charged latency, also with advances cut for video', async () => {
    const dir = await play(id, { clock: 'lcrt', slots: slotsOf(id).map((s) => ({ ...s, latency: { kind: 'synthetic', ms: 230, jitterMs: 170, seed: 4 } })) });
    await expectRunReplays(dir);
    const between: number[] = [];
    await expectRunReplays(dir, { frameEveryMs: 100, onFrame: (f) => void (f.between && between.push(f.frame.simMs)) });
    expect(between.length).toBeGreaterThan(0);
  });
});

describe('a run whose game sent JPEG frames', () => {
  it('re-simulates with the same frame encoding (every agent took the match JPEG)', async () => {
    const provider = await startFakeProvider();
    try {
      const agent = createVlmAgent({ baseUrl: provider.url, model: 'fake-vlm' });
      const dir = await play('last_stand', { slots: [{ slot: 0, agent }] });
      const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as { conditions: { frame: { encoding: string; quality?: number; jpegTables?: string } } };
      expect(run.conditions.frame).toMatchObject({ encoding: 'jpeg', quality: 85, jpegTables: 'standard' });
      const report = await expectRunReplays(dir);
      expect(report.checked.decisions).toBe(3);
      // A record that declares no tables is one from before they were declared: its game JPEGs had fitted
      // tables, so re-simulation asks the game for those, and this run's frames no longer match them.
      delete run.conditions.frame.jpegTables;
      writeFileSync(join(dir, 'run.json'), JSON.stringify(run));
      expect((await resimulate(dir, { launch: launchInProcess })).mismatch).toMatchObject({ what: 'frame', step: 0, slot: 0 });
    } finally {
      await provider.close();
    }
  });
});

describe('a tampered record', () => {
  const decisionsOf = (dir: string): Record<string, unknown>[] => readFileSync(join(dir, 'decisions.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
  const write = (dir: string, lines: Record<string, unknown>[]): void => writeFileSync(join(dir, 'decisions.jsonl'), `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);

  it('is caught at the first step after an input line was changed', async () => {
    const dir = await play('last_stand', { stepBudget: 5 });
    const lines = decisionsOf(dir);
    // Decision 1's input line now holds a key its chunk did not: the player ends up elsewhere by decision 2.
    const inputs = lines[1]!.inputs as { type: string; key?: string }[];
    const other = ['D', 'A', 'W'].find((k) => !inputs.some((e) => e.key === k))!;
    lines[1]!.inputs = [{ type: 'key', at: 0, slot: 0, key: other, down: true }, { type: 'key', at: 700, slot: 0, key: other, down: false }];
    write(dir, lines);
    const report = await resimulate(dir, { launch: launchInProcess });
    expect(report.ok).toBe(false);
    // The advance after decision 1 no longer carries the inputs the ledger counted; the frames of step 2 differ too.
    expect(report.mismatch).toMatchObject({ what: 'input', step: 1 });
  });

  it('is caught when a frame digest was changed', async () => {
    const dir = await play('last_stand');
    const lines = decisionsOf(dir);
    lines[0]!.frameDigest = `${String(lines[0]!.frameDigest).slice(0, -4)}0000`;
    write(dir, lines);
    const report = await resimulate(dir, { launch: launchInProcess });
    expect(report.mismatch).toMatchObject({ what: 'frame', step: 0, slot: 0 });
  });

  it('names an input that is not an input event with BAD_RECORD, and a ledger step with no decision', async () => {
    const dir = await play('last_stand');
    const lines = decisionsOf(dir);
    lines[1]!.inputs = [{ type: 'key', at: -5, slot: 0, key: 'W', down: true }];
    write(dir, lines);
    await expect(resimulate(dir, { launch: launchInProcess })).rejects.toMatchObject({ code: 'BAD_RECORD', message: expect.stringMatching(/decision slot 0 step 1: input 0/) as unknown });
    write(dir, lines.slice(0, 1));
    await expect(resimulate(dir, { launch: launchInProcess })).rejects.toMatchObject({ code: 'BAD_RECORD', message: expect.stringMatching(/places slot 0 step 1, which decisions.jsonl does not have/) as unknown });
  });

  it('refuses a run of a game that is not a reference game with BAD_CONFIG', async () => {
    const dir = await play('last_stand');
    const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...run, game: 'freedoom' }));
    await expect(resimulate(dir, { launch: launchInProcess })).rejects.toMatchObject({ code: 'BAD_CONFIG', message: expect.stringMatching(/not a reference game/) as unknown });
  });

  it('refuses a realtime run with BAD_CONFIG', async () => {
    const result = await runMatch({ game: 'last_stand', runsDir: runs.dir, clock: 'realtime', stepBudget: 1, realtime: { timeScale: 4, fps: 10 }, launch: launchInProcess, slots: slotsOf('last_stand') });
    await expect(resimulate(result.dir, { launch: launchInProcess })).rejects.toMatchObject({ code: 'BAD_CONFIG' });
  });
});
