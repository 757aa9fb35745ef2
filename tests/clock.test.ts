import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runMatch, type MatchSpec } from '../gateway/index.js';
import { holdChunk, ScriptAgent } from './support/test-agents.js';
import { probeEntry, probeFrameTime } from './support/probe-game.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

const base = (overrides: Partial<MatchSpec>): MatchSpec => ({ game: 'probe', entry: probeEntry, runsDir: runs.dir, slots: [], ...overrides });

/** Game times at which the game saw `key` go down for `slot`, from the game's own input log. */
function downTimes(dir: string, slot: number, key = 'W'): number[] {
  return readRun(dir)
    .events.filter((e) => e.name === 'input' && e.slot === slot && e.data?.key === key && e.data.down === true)
    .map((e) => e.data!.at as number);
}

describe('pdq', () => {
  it('passes no game time while an agent thinks, however slow', async () => {
    const agent = new ScriptAgent([{ chunk: holdChunk('W', 2), sleepMs: 150 }]);
    const result = await runMatch(base({ clock: 'pdq', observationDelayMs: 100, stepBudget: 4, slots: [{ slot: 0, agent }] }));
    expect(result.status).toBe('complete');
    // Each observation is exactly one chunk (240 ms) plus the delay (100 ms) after the previous one.
    expect(agent.observations.map((o) => o.simMs)).toEqual([0, 340, 680, 1020]);
    expect(agent.observations.map((o) => probeFrameTime(o.frame.data))).toEqual([0, 340, 680, 1020]);
    expect(result.episode).toBe('budget');
    const advances = readRun(result.dir).ledger.filter((l) => l.kind === 'advance');
    for (const a of advances) expect(a.actualMs).toBe(a.requestedMs);
  });

  it('runs both agents\' chunks together over the same game time', async () => {
    const a = new ScriptAgent([{ chunk: holdChunk('W', 3) }]);
    const b = new ScriptAgent([{ chunk: holdChunk('S', 1), sleepMs: 50 }]);
    const result = await runMatch(base({ clock: 'pdq', observationDelayMs: 0, stepBudget: 3, slots: [{ slot: 0, agent: a }, { slot: 1, agent: b }] }));
    expect(result.status).toBe('complete');
    expect(downTimes(result.dir, 0)).toEqual([0, 360, 720]);
    expect(downTimes(result.dir, 1, 'S')).toEqual([0, 360, 720]);
    expect(b.observations.map((o) => o.simMs)).toEqual([0, 360, 720]);
  });
});

describe('lcrt', () => {
  for (const latency of [0, 250, 1000]) {
    it(`starts each chunk exactly ${latency} ms of game time after its observation`, async () => {
      const agent = new ScriptAgent([{ chunk: holdChunk('W', 6) }]);
      const result = await runMatch(base({ clock: 'lcrt', observationDelayMs: 0, stepBudget: 4, slots: [{ slot: 0, agent, latency: { kind: 'synthetic', ms: latency, jitterMs: 0, seed: 0 } }] }));
      expect(result.status).toBe('complete');
      const observed = agent.observations.map((o) => o.simMs);
      expect(observed).toEqual([0, 1, 2, 3].map((k) => k * (latency + 720)));
      expect(downTimes(result.dir, 0)).toEqual(observed.map((t) => t + latency));
      const run = readRun(result.dir);
      for (const a of run.ledger.filter((l) => l.kind === 'advance')) expect(a.actualMs).toBe(a.requestedMs);
      for (const p of run.ledger.filter((l) => l.kind === 'placement')) expect(p.chargedMs).toBe(latency);
    });
  }

  it('lets the faster of two agents act more often, on an exact shared timeline', async () => {
    const spec = (sleepA: number, sleepB: number): MatchSpec =>
      base({
        clock: 'lcrt',
        observationDelayMs: 0,
        timeLimitMs: 9200,
        slots: [
          { slot: 0, agent: new ScriptAgent([{ chunk: holdChunk('W', 6), sleepMs: sleepA }]), latency: { kind: 'synthetic', ms: 200, jitterMs: 0, seed: 0 } },
          { slot: 1, agent: new ScriptAgent([{ chunk: holdChunk('S', 6), sleepMs: sleepB }]), latency: { kind: 'synthetic', ms: 600, jitterMs: 0, seed: 0 } },
        ],
      });
    const first = await runMatch(spec(0, 40));
    expect(first.reason).toBe('time_limit');
    expect(first.episode).toBe('finished');
    // Cycles of 200 + 720 = 920 ms and 600 + 720 = 1320 ms over 9200 ms of game time.
    expect(first.players[0]!.decisions).toBeGreaterThanOrEqual(9);
    expect(first.players[0]!.decisions).toBeLessThanOrEqual(11);
    expect(first.players[1]!.decisions).toBeGreaterThanOrEqual(6);
    expect(first.players[1]!.decisions).toBeLessThanOrEqual(8);
    const fast = downTimes(first.dir, 0);
    const slow = downTimes(first.dir, 1, 'S');
    expect(fast).toEqual(fast.map((_, k) => 200 + k * 920));
    expect(slow).toEqual(slow.map((_, k) => 600 + k * 1320));
    // Different wall-clock delays give the same ledger, once wall times are left out.
    const second = await runMatch(spec(60, 0));
    const strip = (dir: string): unknown[] => readRun(dir).ledger.map(({ wallMs: _w, decideWallMs: _d, ...rest }) => rest);
    expect(strip(second.dir)).toEqual(strip(first.dir));
  });
});

describe('one environment for every clock', () => {
  it('runs the default observation delay under lcrt as under pdq, so lcrt at 0 ms observes when pdq does', async () => {
    const play = async (clock: 'pdq' | 'lcrt'): Promise<{ times: number[]; delay: number | undefined }> => {
      const agent = new ScriptAgent([{ chunk: holdChunk('W', 6) }]);
      const result = await runMatch(base({ clock, stepBudget: 3, slots: [{ slot: 0, agent, latency: { kind: 'synthetic', ms: 0, jitterMs: 0, seed: 0 } }] }));
      return { times: agent.observations.map((o) => o.simMs), delay: (readRun(result.dir).meta['conditions'] as { observationDelayMs?: number } | undefined)?.observationDelayMs };
    };
    const pdq = await play('pdq');
    const lcrt = await play('lcrt');
    expect(pdq.times).toEqual([0, 2720, 5440]);
    expect(lcrt).toEqual(pdq);
    expect(lcrt.delay).toBe(2000);
  });

  it('runs the observation delay after a realtime chunk too', async () => {
    const agent = new ScriptAgent([{ chunk: holdChunk('W', 1) }]);
    await runMatch(base({ clock: 'realtime', observationDelayMs: 400, stepBudget: 2, timeLimitMs: 60_000, realtime: { fps: 20 }, slots: [{ slot: 0, agent }] }));
    const [a, b] = agent.observations.map((o) => o.simMs);
    // The 120 ms chunk and the 400 ms delay pass on the game's clock before the agent looks again; the frame
    // it then sees may be one frame (50 ms at 20 fps) older. Without the delay the gap is about 120 ms.
    expect(b! - a!).toBeGreaterThanOrEqual(470);
  });
});

describe('realtime', () => {
  it('keeps game time flowing while an agent thinks', async () => {
    const agent = new ScriptAgent([{ chunk: holdChunk('W', 1), sleepMs: 300 }]);
    const result = await runMatch(base({ clock: 'realtime', observationDelayMs: 0, stepBudget: 3, timeLimitMs: 60_000, realtime: { fps: 20 }, slots: [{ slot: 0, agent }] }));
    expect(agent.observations.length).toBe(3);
    const times = agent.observations.map((o) => o.simMs);
    // Between two observations: at least the 300 ms of thinking plus the 120 ms chunk, give or take a frame.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(300);
    const run = readRun(result.dir);
    const rt = run.ledger.find((l) => l.kind === 'realtime')!;
    expect(rt.actualMs as number).toBeGreaterThan(0);
    expect(rt.wallMs as number).toBeGreaterThan(0);
  });
});

describe('agent failures', () => {
  it('ends the match with AGENT_GONE and keeps the record when an agent throws', async () => {
    const agent = new ScriptAgent((o) => (o.step === 2 ? { throw: new Error('boom') } : { chunk: holdChunk('W', 2) }));
    const result = await runMatch(base({ clock: 'pdq', observationDelayMs: 0, slots: [{ slot: 0, agent }] }));
    expect(result.status).toBe('incomplete');
    expect(result.error?.code).toBe('AGENT_GONE');
    const run = readRun(result.dir);
    expect(run.meta.status).toBe('incomplete');
    expect(run.meta.failure?.class).toBe('agent');
    expect(run.decisions.length).toBe(3);
    expect(agent.closed).toBe(true);
  });

  it('lets the slot play no-ops when configured, while the other agent goes on', async () => {
    const quitter = new ScriptAgent((o) => (o.step === 1 ? { throw: new Error('gone') } : { chunk: holdChunk('W', 6) }));
    const stayer = new ScriptAgent([{ chunk: holdChunk('S', 6) }]);
    const result = await runMatch(base({ clock: 'pdq', observationDelayMs: 0, stepBudget: 5, onAgentFailure: 'noop', slots: [{ slot: 0, agent: quitter }, { slot: 1, agent: stayer }] }));
    // The quitter failed 1 of its 2 decisions: its episode is no result of play, and the record says why (the agent's).
    expect(result.status).toBe('incomplete');
    expect(result.error).toMatchObject({ code: 'AGENT_GONE', class: 'agent' });
    expect(stayer.observations.length).toBe(5);
    expect(quitter.observations.length).toBe(2);
    const run = readRun(result.dir);
    expect(run.ledger.some((l) => l.kind === 'agent_failure' && l.slot === 0 && l.policy === 'noop')).toBe(true);
    // The quitter's W was released at the end of its only chunk and never pressed again.
    const w = run.events.filter((e) => e.name === 'input' && e.slot === 0 && e.data?.key === 'W');
    expect(w.map((e) => [e.data!.at, e.data!.down])).toEqual([
      [0, true],
      [720, false],
    ]);
  });

  it('turns an invalid answer into a counted no-op with its reason', async () => {
    const agent = new ScriptAgent([{ answer: 'I will press W' }, { answer: '<|action_start|>0 0 0 ; Q ; W <|action_end|>' }, { answer: '<|action_start|>10 0 0 ; W ; W <|action_end|>' }]);
    const result = await runMatch(base({ clock: 'pdq', observationDelayMs: 0, stepBudget: 3, slots: [{ slot: 0, agent }] }));
    const run = readRun(result.dir);
    expect(run.decisions.map((d) => d.status)).toEqual(['invalid', 'invalid', 'valid']);
    expect(run.decisions.map((d) => d.invalidReason)).toEqual(['NO_ACTION', 'BAD_CONTROL', undefined]);
    expect(result.players[0]!.invalid).toBe(2);
    // Two of three answers invalid: the episode says more about the answer format than about play.
    expect(result.episode).toBe('format');
    expect(readRun(result.dir).meta.result?.episode).toBe('format');
    expect(agent.observations[1]!.feedback).toMatch(/NO_ACTION/);
    expect(agent.observations[2]!.feedback).toMatch(/BAD_CONTROL/);
  });
});
