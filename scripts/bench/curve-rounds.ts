/**
 * A curve's round: K short last_stand episodes of a scripted player (round 0 only, so no reflector is called)
 * played one after another in this process, as today, then through the work layer one at a time and two at a
 * time (`arena curve --parallel`). The ratios say what the work layer costs and what a pool of episodes gains.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import OpenAI from 'openai';
import { approxTokens, NO_API_KEY } from '../../agents/index.js';
import { parseCurveSettings, runCurve } from '../../reflection/index.js';
import { playerFactory } from '../../plans/index.js';
import { curveWork, resolveAttempt } from '../../plans/index.js';

/** One way of playing the round. */
export interface CurveBenchRow {
  readonly how: string;
  readonly episodes: number;
  readonly wallMs: number;
  readonly mean: number;
}

/** Plays round 0 of a curve of `episodes` episodes three ways; the first row is the baseline. */
export async function benchCurveRounds(episodes: number): Promise<CurveBenchRow[]> {
  const settings = parseCurveSettings({ game: 'last_stand', rounds: 0, episodes, heldOut: [], reflector: { model: 'unused' }, match: { stepBudget: 40, observationDelayMs: 0 }, player: { kind: 'scripted' } });
  const makePlayer = await playerFactory(settings);
  // Round 0 plays the empty skill and ends the curve, so this client is never asked anything.
  const reflector = new OpenAI({ baseURL: 'http://127.0.0.1:9/v1', apiKey: NO_API_KEY, maxRetries: 0 });
  const ways: readonly (readonly [string, string | undefined])[] = [
    ['in process, one after another', undefined],
    ['work layer, 1 at once', '1'],
    ['work layer, 2 at once', '2'],
  ];
  const rows: CurveBenchRow[] = [];
  // A one-episode warm-up first, so that the baseline does not carry the first game's start-up.
  const warm = mkdtempSync(join(tmpdir(), 'arena-bench-curve-'));
  try {
    await runCurve({ dir: warm, settings: { ...settings, episodes: 1 }, makePlayer, reflector, countTokens: approxTokens, resolve: resolveAttempt });
  } finally {
    rmSync(warm, { recursive: true, force: true });
  }
  for (const [how, parallel] of ways) {
    const dir = mkdtempSync(join(tmpdir(), 'arena-bench-curve-'));
    try {
      const t0 = performance.now();
      const { close, ...work } = curveWork(settings, { parallel }, dir);
      const state = await runCurve({ dir, settings, makePlayer, reflector, countTokens: approxTokens, ...work }).finally(close);
      rows.push({ how, episodes, wallMs: performance.now() - t0, mean: state.rounds[0]!.mean! });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return rows;
}
