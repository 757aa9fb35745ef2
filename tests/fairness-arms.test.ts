/**
 * PvP fairness arms on the virtual timeline, exact to the millisecond with synthetic latencies: `matched`
 * charges both agents of a round the same latency and keeps them observing together; `handicap` charges a
 * slot its scaled and offset latency and the ledger shows both; `pdq` and `matched` with latencies of 0 play
 * the same match record for record (the probe game and a real reference game).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { scriptedPolicies } from '../games/index.js';
import { ErrorCode } from '../protocol/index.js';
import { runMatch, type FairnessArm, type MatchSpec } from '../gateway/index.js';
import { holdChunk, ScriptAgent } from './support/test-agents.js';
import { probeEntry } from './support/probe-game.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

const synthetic = (ms: number) => ({ kind: 'synthetic' as const, ms, jitterMs: 0, seed: 0 });
const base = (overrides: Partial<MatchSpec>): MatchSpec => ({ game: 'probe', entry: probeEntry, runsDir: runs.dir, slots: [], ...overrides });

/** Game times at which the game saw `key` go down for `slot`, from the game's own input log. */
function downTimes(dir: string, slot: number, key: string): number[] {
  return readRun(dir)
    .events.filter((e) => e.name === 'input' && e.slot === slot && e.data?.key === key && e.data.down === true)
    .map((e) => e.data!.at as number);
}

const placements = (dir: string, slot: number) => readRun(dir).ledger.filter((l) => l.kind === 'placement' && l.slot === slot);

describe('matched', () => {
  /** A 200 ms agent holding W for 6 steps (720 ms) and a 1,500 ms agent holding S for 3 steps (360 ms). */
  const pair = (fairness: FairnessArm) => {
    const fast = new ScriptAgent([{ chunk: holdChunk('W', 6) }]);
    const slow = new ScriptAgent([{ chunk: holdChunk('S', 3) }]);
    const spec = base({ fairness, observationDelayMs: 100, stepBudget: 4, slots: [{ slot: 0, agent: fast, latency: synthetic(200) }, { slot: 1, agent: slow, latency: synthetic(1500) }] });
    return { fast, slow, spec };
  };

  it('charges both agents the slower one\'s latency every round and has them observe together', async () => {
    const { fast, slow, spec } = pair({ arm: 'matched', statistic: 'max', window: 1 });
    const result = await runMatch(spec);
    expect(result.status).toBe('complete');
    // A round: 1,500 ms charged to both, then the longer chunk (720 ms), then the 100 ms delay.
    const rounds = [0, 2320, 4640, 6960];
    expect(fast.observations.map((o) => o.simMs)).toEqual(rounds);
    expect(slow.observations.map((o) => o.simMs)).toEqual(rounds);
    expect(downTimes(result.dir, 0, 'W')).toEqual(rounds.map((t) => t + 1500));
    expect(downTimes(result.dir, 1, 'S')).toEqual(rounds.map((t) => t + 1500));
    for (const [slot, measured] of [[0, 200], [1, 1500]] as const) {
      const mine = placements(result.dir, slot);
      expect(mine.map((p) => p.chargedMs)).toEqual([1500, 1500, 1500, 1500]);
      expect(mine.map((p) => p.measuredMs)).toEqual([measured, measured, measured, measured]);
      expect(mine.map((p) => p.fairness)).toEqual(['matched', 'matched', 'matched', 'matched']);
      expect(mine.map((p) => p.nextObservationMs)).toEqual([2320, 4640, 6960, 9280]);
    }
    const decisions = readRun(result.dir).decisions.filter((d) => d.slot === 0);
    expect(decisions.map((d) => [d.chargedMs, d.measuredMs, d.fairness])).toEqual(Array.from({ length: 4 }, () => [1500, 200, 'matched']));
    for (const a of readRun(result.dir).ledger.filter((l) => l.kind === 'advance')) expect(a.actualMs).toBe(a.requestedMs);
  });

  it('charges a declared statistic of the pair instead: the mean of 200 and 1,500 is 850', async () => {
    const { fast, spec } = pair({ arm: 'matched', statistic: 'mean', window: 1 });
    const result = await runMatch(spec);
    expect(fast.observations.map((o) => o.simMs)).toEqual([0, 1670, 3340, 5010]);
    expect(placements(result.dir, 1).map((p) => p.chargedMs)).toEqual([850, 850, 850, 850]);
    expect(readRun(result.dir).meta.conditions).toMatchObject({ clock: 'lcrt', fairness: { arm: 'matched', name: 'matched:mean', statistic: 'mean', window: 1 } });
  });

  it('under lcrt the same pair is charged its own latencies and drifts apart', async () => {
    const { fast, slow, spec } = pair({ arm: 'lcrt' });
    const result = await runMatch(spec);
    expect(fast.observations.map((o) => o.simMs)).toEqual([0, 1020, 2040, 3060]);
    expect(slow.observations.map((o) => o.simMs)).toEqual([0, 1960, 3920, 5880]);
    expect(placements(result.dir, 0).map((p) => p.chargedMs)).toEqual([200, 200, 200, 200]);
    expect(placements(result.dir, 0)[0]).not.toHaveProperty('measuredMs');
    expect(readRun(result.dir).meta.conditions).not.toHaveProperty('fairness');
  });
});

describe('handicap', () => {
  it('charges a slot its latency times its scale plus its offset, and the ledger shows both', async () => {
    const a = new ScriptAgent([{ chunk: holdChunk('W', 6) }]);
    const b = new ScriptAgent([{ chunk: holdChunk('S', 6) }]);
    const result = await runMatch(
      base({
        fairness: { arm: 'handicap' },
        observationDelayMs: 0,
        stepBudget: 3,
        slots: [
          { slot: 0, agent: a, latency: synthetic(200), handicap: { scale: 2, offsetMs: 100 } },
          { slot: 1, agent: b, latency: synthetic(300) },
        ],
      }),
    );
    expect(result.status).toBe('complete');
    const mine = placements(result.dir, 0);
    expect(mine.map((p) => [p.measuredMs, p.chargedMs, p.fairness])).toEqual(Array.from({ length: 3 }, () => [200, 500, 'handicap']));
    expect(placements(result.dir, 1).map((p) => [p.measuredMs, p.chargedMs])).toEqual(Array.from({ length: 3 }, () => [300, 300]));
    // Slot 0 cycles 500 + 720 ms, slot 1 300 + 720 ms, each on its own schedule.
    expect(a.observations.map((o) => o.simMs)).toEqual([0, 1220, 2440]);
    expect(b.observations.map((o) => o.simMs)).toEqual([0, 1020, 2040]);
    expect(downTimes(result.dir, 0, 'W')).toEqual([500, 1720, 2940]);
    const run = readRun(result.dir);
    expect(run.meta.fairness).toBe('handicap');
    expect(run.meta.conditions).toMatchObject({ fairness: { arm: 'handicap', handicaps: [{ slot: 0, scale: 2, offsetMs: 100 }, { slot: 1, scale: 1, offsetMs: 0 }] } });
  });

  it('never charges below zero', async () => {
    const a = new ScriptAgent([{ chunk: holdChunk('W', 2) }]);
    const result = await runMatch(base({ fairness: { arm: 'handicap' }, stepBudget: 2, slots: [{ slot: 0, agent: a, latency: synthetic(200), handicap: { scale: 1, offsetMs: -500 } }] }));
    expect(placements(result.dir, 0).map((p) => p.chargedMs)).toEqual([0, 0]);
  });
});

describe('arms and clocks', () => {
  const one = (overrides: Partial<MatchSpec>): MatchSpec => base({ stepBudget: 1, slots: [{ slot: 0, agent: new ScriptAgent([{ chunk: holdChunk('W', 1) }]) }], ...overrides });

  it('refuses an arm on a clock it does not run on', async () => {
    await expect(runMatch(one({ clock: 'realtime', fairness: { arm: 'matched', statistic: 'max', window: 1 } }))).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
    await expect(runMatch(one({ clock: 'lcrt', fairness: { arm: 'pdq' } }))).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
  });

  it('refuses the handicap arm without a handicap, and a handicap without the arm', async () => {
    await expect(runMatch(one({ fairness: { arm: 'handicap' } }))).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
    await expect(runMatch(one({ clock: 'lcrt', slots: [{ slot: 0, agent: new ScriptAgent([{}]), handicap: { scale: 2, offsetMs: 0 } }] }))).rejects.toMatchObject({ code: ErrorCode.BAD_CONFIG });
  });

  it('runs the lcrt arm as the lcrt clock, with the same declared conditions', async () => {
    const arm = await runMatch(one({ fairness: { arm: 'lcrt' }, slots: [{ slot: 0, agent: new ScriptAgent([{ chunk: holdChunk('W', 1) }]), latency: synthetic(250) }] }));
    const plain = await runMatch(one({ clock: 'lcrt', slots: [{ slot: 0, agent: new ScriptAgent([{ chunk: holdChunk('W', 1) }]), latency: synthetic(250) }] }));
    expect(readRun(arm.dir).meta.conditions).toEqual(readRun(plain.dir).meta.conditions);
    expect(placements(arm.dir, 0).map((p) => p.chargedMs)).toEqual([250]);
  });
});

/** A run's record without what names its arm or measures the wall: what the game and the agents did. */
function played(dir: string): unknown {
  const run = readRun(dir);
  const drop = (o: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> => Object.fromEntries(Object.entries(o).filter(([k]) => !keys.includes(k)));
  const arm = ['latencySource', 'measuredMs', 'fairness', 'decideWallMs', 'wallMs'];
  // Whether a decision's frame file was written (`frame`) or dropped (`frameDropped`) is the recorder's bounded
  // queue keeping up with the disk (docs/records.md), not play: the frame seen is compared by its digest.
  const recorder = ['frame', 'frameDropped'];
  return {
    result: run.meta.result,
    ledger: run.ledger.map((l) => drop(l, arm)),
    decisions: run.decisions.map((d) => drop(d, [...arm, ...recorder, 'timings'])),
    events: run.events,
    progress: run.progress,
  };
}

describe('pdq and matched at zero latency', () => {
  it('give the same record on the probe, chunks of unequal length included', async () => {
    const spec = (fairness: FairnessArm): MatchSpec =>
      base({
        fairness,
        observationDelayMs: 100,
        stepBudget: 4,
        slots: [
          { slot: 0, agent: new ScriptAgent([{ chunk: holdChunk('W', 6) }, { chunk: holdChunk('A', 2) }]), latency: synthetic(0) },
          { slot: 1, agent: new ScriptAgent([{ chunk: holdChunk('S', 3) }]), latency: synthetic(0) },
        ],
      });
    const pdq = await runMatch(spec({ arm: 'pdq' }));
    const matched = await runMatch(spec({ arm: 'matched', statistic: 'max', window: 1 }));
    expect(readRun(pdq.dir).events.length).toBeGreaterThan(8);
    expect(played(matched.dir)).toEqual(played(pdq.dir));
  });

  it('give the same record on sky_duel with its scripted policies', async () => {
    const spec = (fairness: FairnessArm): MatchSpec => ({
      game: 'sky_duel',
      seed: 3,
      runsDir: runs.dir,
      fairness,
      observationDelayMs: 200,
      stepBudget: 12,
      slots: [0, 1].map((slot) => ({ slot, agent: createAgent('scripted', { scripted: scriptedPolicies, game: 'sky_duel', seed: 1 }), latency: synthetic(0) })),
    });
    const pdq = await runMatch(spec({ arm: 'pdq' }));
    const matched = await runMatch(spec({ arm: 'matched', statistic: 'max', window: 1 }));
    expect(pdq.status).toBe('complete');
    expect(readRun(pdq.dir).decisions.length).toBeGreaterThanOrEqual(12);
    expect(played(matched.dir)).toEqual(played(pdq.dir));
  });
});
