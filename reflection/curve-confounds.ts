/**
 * Whether a curve's comparisons measure the skill alone: each round's episodes against round 0's, and each
 * held-out variant's best-skill arm against its no-skill arm, by the declared conditions of their runs. A round
 * whose runs differ from round 0's in more than the skill (a cold-start round 0 played with another delay, a
 * commit, a step budget) is named with those fields, and its gain over round 0 is not stated.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { compareArms, readRunJson } from '../gateway/index.js';
import type { CurveState, EpisodeRecord } from './curve-state.js';

const conditionsOf = (dir: string, episodes: readonly EpisodeRecord[]): unknown[] =>
  episodes.filter((e) => existsSync(join(dir, e.dir, 'run.json'))).map((e) => readRunJson(join(dir, e.dir)).conditions);

/** Round number to the fields its runs differ from round 0's in besides the skill (only confounded rounds). */
export function roundConfounds(dir: string, state: CurveState): Map<number, readonly string[]> {
  const out = new Map<number, readonly string[]>();
  const first = state.rounds[0];
  if (!first) return out;
  const base = conditionsOf(dir, first.episodes);
  for (const r of state.rounds.slice(1)) {
    const verdict = compareArms(base, conditionsOf(dir, r.episodes), 'skill');
    if (verdict.verdict !== 'clean' && base.length > 0 && r.episodes.length > 0) out.set(r.round, verdict.confounds);
  }
  return out;
}

/** Held-out variant to the fields its two arms differ in besides the skill (only confounded variants). */
export function transferConfounds(dir: string, state: CurveState): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const v of state.transfer?.variants ?? []) {
    const verdict = compareArms(conditionsOf(dir, v.empty.episodes), conditionsOf(dir, v.best.episodes), 'skill');
    if (verdict.verdict !== 'clean' && v.empty.episodes.length > 0 && v.best.episodes.length > 0) out.set(v.variant, verdict.confounds);
  }
  return out;
}
