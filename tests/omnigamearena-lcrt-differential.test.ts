/**
 * Two-player lcrt under the profile against the runner's own interruptible-chunk scheduler: generated
 * matches (answers from the corpus, synthetic latencies per decision, ties and zeros among them, step budgets
 * of 1 to 5) run through the runner's `_run_lcrt_scheduler_strict` with its own agents, adapters and UE5
 * clients on a virtual clock (tests/support/oga-lcrt2.py), and through our paused loop on the reference game
 * with the same answers charged the same latencies (`provider`). Compared to the millisecond: each action's
 * observation and start, each finish (chunk end and observation delay), every line each build receives,
 * and when and why the match ends. Skipped, with the reason, when ARENA_OGA_CHECKOUT names no checkout.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { getGame, runnerEntry, parseRunnerAnswer, RUNNER_GAMES, type RunnerGame } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import type { InputEvent } from '../protocol/index.js';
import { generateCorpus } from './support/oga-corpus.js';
import { runnerCheckout, canonical, readable, wireCalls, type Call } from './support/oga-calls.js';
import { seededRandom } from './support/pdq-driver.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

const { checkout, skipReason } = runnerCheckout('omni_game_arena/benchmark/two_player.py');

const OBS_DELAY_MS = 2000;
const LATENCIES = [0, 1, 119, 120, 500, 720, 2000, 2720, 4000];

interface Case {
  readonly game: string;
  readonly maxSteps: number;
  readonly players: readonly { readonly turns: readonly (readonly [string, number])[] }[];
}

/** Matches for every two-player game: corpus answers (no empty ones: the runner would skip the match), seeded latencies. */
function generateCases(perGame: number): Case[] {
  const games = Object.values(RUNNER_GAMES).filter((g) => g.regime !== 'solo');
  const empty = (answer: string, game: string): boolean => {
    const parsed = parseRunnerAnswer(answer, RUNNER_GAMES[game]!);
    return !parsed.ok && parsed.reason === 'EMPTY_ANSWER';
  };
  const corpus = generateCorpus(games, 60, 2626).filter((c) => c.answer.trim().length > 0 && !empty(c.answer, c.game));
  const r = seededRandom(262);
  const cases: Case[] = [];
  for (const g of games) {
    const answers = corpus.filter((c) => c.game === g.id).map((c) => c.answer);
    for (let k = 0; k < perGame; k++) {
      const maxSteps = 1 + Math.floor(r() * 5);
      const shared = LATENCIES[Math.floor(r() * LATENCIES.length)]!;
      const latency = (): number => (r() < 0.25 ? shared : r() < 0.5 ? LATENCIES[Math.floor(r() * LATENCIES.length)]! : Math.floor(r() * 3000));
      const players = [0, 1].map(() => ({ turns: Array.from({ length: maxSteps + 1 }, () => [answers[Math.floor(r() * answers.length)]!, latency()] as const) }));
      cases.push({ game: g.id, maxSteps, players });
    }
  }
  return cases;
}

interface RunnerResult {
  readonly events: readonly { event: 'decision_ready' | 'action_start' | 'step'; player: number; step: number; ms: number; at: number }[];
  readonly reason: string;
  readonly endMs: number;
  readonly calls: readonly (readonly Call[])[];
}

/** The comparable timeline: action starts (with their observation time) and finishes before the end, the end, each build's lines before it. */
interface Timeline {
  readonly starts: string[];
  readonly finishes: string[];
  readonly end: string;
  readonly lines: string[][];
}

const REASONS: Readonly<Record<string, string>> = { max_steps: 'step_budget', agent: 'agent_done' };

function theirs(r: RunnerResult): Timeline {
  const ready = new Map(r.events.filter((e) => e.event === 'decision_ready').map((e) => [`${e.player}/${e.step}`, e.at]));
  return {
    starts: r.events.filter((e) => e.event === 'action_start' && e.ms < r.endMs).map((e) => `p${e.player} s${e.step} observed ${ready.get(`${e.player}/${e.step}`)} starts ${e.ms}`).sort(),
    finishes: r.events.filter((e) => e.event === 'step' && e.ms < r.endMs).map((e) => `p${e.player} s${e.step} finishes ${e.ms}`).sort(),
    end: `${REASONS[r.reason] ?? r.reason} at ${r.endMs}`,
    // A line the build cannot parse (a NaN look) is one we record as unsent: the solo differential compares those.
    lines: r.calls.map((calls) => canonical(calls.filter(([t, text]) => t < r.endMs && readable(text)))),
  };
}

async function ours(c: Case, game: RunnerGame): Promise<Timeline> {
  const base = getGame(c.game);
  const runs = tempRunsDir();
  cleanups.push(runs.cleanup);
  const result = await runMatch({
    game: c.game,
    entry: runnerEntry(base, game),
    profile: 'omnigamearena',
    clock: 'lcrt',
    stepBudget: c.maxSteps,
    observationDelayMs: OBS_DELAY_MS,
    runsDir: runs.dir,
    slots: base.slots.map((s, i) => ({ slot: s.slot, latency: { kind: 'provider' as const }, agent: new ScriptAgent(c.players[i]!.turns.map(([answer, ms]) => ({ answer, timings: { providerMs: ms } }))) })),
  });
  const run = readRun(result.dir);
  const advances = run.ledger.filter((l) => l.kind === 'advance');
  const last = advances.at(-1)!;
  const endMs = (last.fromMs as number) + (last.requestedMs as number);
  const placements = run.ledger.filter((l) => l.kind === 'placement') as { slot: number; step: number; observedAtMs: number; chunkStartMs: number; nextObservationMs: number }[];
  const index = (slot: number): number => base.slots.findIndex((s) => s.slot === slot);
  const lines: Call[][] = base.slots.map(() => []);
  for (const d of run.decisions as { slot: number; step: number; inputs?: InputEvent[] }[]) {
    const p = placements.find((x) => x.slot === d.slot && x.step === d.step);
    if (p !== undefined) lines[index(d.slot)]!.push(...wireCalls(c.game, d.inputs ?? [], p.chunkStartMs).filter(([t]) => t < endMs));
  }
  return {
    starts: placements.filter((p) => p.chunkStartMs < endMs).map((p) => `p${index(p.slot)} s${p.step} observed ${p.observedAtMs} starts ${p.chunkStartMs}`).sort(),
    finishes: placements.filter((p) => p.nextObservationMs < endMs).map((p) => `p${index(p.slot)} s${p.step} finishes ${p.nextObservationMs}`).sort(),
    end: `${result.reason} at ${endMs}`,
    lines: lines.map((l) => canonical(l)),
  };
}

const cleanups: (() => void)[] = [];
afterAll(() => cleanups.forEach((c) => c()));

describe.skipIf(skipReason !== undefined)(`two-player lcrt against the runner's scheduler${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('schedules, sends and ends every generated match as the runner does, to the millisecond', async () => {
    const cases = generateCases(8);
    const input = cases.map((c) => ({ game: c.game, chunkSteps: RUNNER_GAMES[c.game]!.chunkSteps, maxSteps: c.maxSteps, obsDelayS: OBS_DELAY_MS / 1000, players: c.players.map((p) => ({ turns: p.turns.map(([a, ms]) => [a, ms / 1000]) })) }));
    const run = spawnSync('python3', [join(import.meta.dirname, 'support', 'oga-lcrt2.py')], { input: JSON.stringify({ checkout, cases: input }), encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const results = (JSON.parse(run.stdout) as { results: RunnerResult[] }).results;
    expect(results).toHaveLength(cases.length);
    const mismatches: unknown[] = [];
    let starts = 0;
    let lines = 0;
    for (const [i, c] of cases.entries()) {
      const runner = theirs(results[i]!);
      const mine = await ours(c, RUNNER_GAMES[c.game]!);
      starts += runner.starts.length;
      lines += runner.lines.reduce((n, l) => n + l.length, 0);
      if (JSON.stringify(runner) !== JSON.stringify(mine)) mismatches.push({ case: i, game: c.game, maxSteps: c.maxSteps, latencies: c.players.map((p) => p.turns.map(([, ms]) => ms)), runner, ours: mine });
    }
    console.log(`lcrt differential: ${cases.length} two-player matches, ${starts} actions, ${lines} build lines, ${mismatches.length} mismatches`);
    if (process.env.ARENA_OGA_DUMP) writeFileSync(process.env.ARENA_OGA_DUMP, JSON.stringify(mismatches, null, 1));
    expect(mismatches.slice(0, 2)).toEqual([]);
    expect(starts).toBeGreaterThan(cases.length);
  }, 300_000);
});

describe('the runner\'s end of a two-player lcrt match (no checkout needed)', () => {
  async function play(profile: 'omnigamearena' | 'default', game: string, latencies: readonly number[], stepBudget: number): Promise<{ reason: string; endMs: number; starts: number[][] }> {
    const base = getGame(game);
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const answer = '<|action_start|>0 0 0 ; W ; W ; W<|action_end|>';
    const result = await runMatch({
      game,
      ...(profile === 'omnigamearena' ? { entry: runnerEntry(base, RUNNER_GAMES[game]!), profile } : {}),
      clock: 'lcrt',
      stepBudget,
      observationDelayMs: OBS_DELAY_MS,
      runsDir: runs.dir,
      slots: base.slots.map((s, i) => ({ slot: s.slot, latency: { kind: 'synthetic' as const, ms: latencies[i]!, jitterMs: 0, seed: 0 }, agent: new ScriptAgent([{ answer: profile === 'omnigamearena' ? '<|action_start|>0 ; W ; W ; W<|action_end|>' : answer }]) })),
    });
    const run = readRun(result.dir);
    const last = run.ledger.filter((l) => l.kind === 'advance').at(-1)!;
    const endMs = (last.fromMs as number) + (last.requestedMs as number);
    const placements = run.ledger.filter((l) => l.kind === 'placement') as { slot: number; chunkStartMs: number }[];
    return { reason: result.reason, endMs, starts: base.slots.map((s) => placements.filter((p) => p.slot === s.slot && p.chunkStartMs < endMs).map((p) => p.chunkStartMs)) };
  }

  it('ends where the faster player finishes its budget (chunk and observation delay), cutting the slower one', async () => {
    // 200 ms + a 720 ms chunk + 2 s: the faster player observes at 0, 2920, 5840 and finishes its third at 8760.
    const profile = await play('omnigamearena', 'sky_duel', [200, 1500], 3);
    expect(profile).toEqual({ reason: 'step_budget', endMs: 8760, starts: [[200, 3120, 6040], [1500, 5720]] });
    // Ours plays every budget out and ends at the last chunk's end.
    const ours = await play('default', 'sky_duel', [200, 1500], 3);
    expect(ours.reason).toBe('step_budget');
    expect(ours.starts[1]).toHaveLength(3);
  });

  it('ends a one-player match after its last chunk and the observation delay, as the runner reads its last score', async () => {
    expect(await play('omnigamearena', 'last_stand', [0], 2)).toEqual({ reason: 'step_budget', endMs: 2 * (720 + OBS_DELAY_MS), starts: [[0, 2720]] });
  });
});
