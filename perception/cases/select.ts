/**
 * Stratified, seeded selection of a golden set: per game, candidates are ranked by a hash of the seed and
 * their run id, grouped by stratum (shape, outcome, duration bin), and taken round-robin over the strata
 * (strata in the order of their best-ranked candidate) until the game's quota is met. The same candidates
 * and seed always give the same selection; another seed reorders where there is a choice.
 */
import { createHash } from 'node:crypto';
import type { CaseStrata } from './case-schema.js';

/** What selection needs of a candidate case. */
export interface Selectable {
  readonly game: string;
  readonly runId: string;
  readonly strata: CaseStrata;
}

/** The key of a stratum. */
export function stratumKey(s: CaseStrata): string {
  return `${s.shape}/${s.outcome}/${s.duration}`;
}

const rank = (seed: number, runId: string): string => createHash('sha256').update(`${seed}\u0000${runId}`).digest('hex');

/** The selected candidates per game (games in name order, each game's cases in selection order) and the ones left out. */
export function selectCases<T extends Selectable>(candidates: readonly T[], perGame: number, seed: number): { selected: T[]; left: T[] } {
  const selected: T[] = [];
  const left: T[] = [];
  const games = [...new Set(candidates.map((c) => c.game))].sort();
  for (const game of games) {
    const ranked = candidates
      .filter((c) => c.game === game)
      .map((c) => ({ c, r: rank(seed, c.runId) }))
      .sort((a, b) => (a.r < b.r ? -1 : a.r > b.r ? 1 : a.c.runId.localeCompare(b.c.runId)));
    const strata = new Map<string, T[]>();
    for (const { c } of ranked) {
      const key = stratumKey(c.strata);
      strata.set(key, [...(strata.get(key) ?? []), c]);
    }
    const queues = [...strata.values()];
    const taken = new Set<T>();
    while (taken.size < perGame && queues.some((q) => q.length > 0)) {
      for (const q of queues) {
        if (taken.size >= perGame) break;
        const next = q.shift();
        if (next) {
          taken.add(next);
          selected.push(next);
        }
      }
    }
    for (const { c } of ranked) if (!taken.has(c)) left.push(c);
  }
  return { selected, left };
}
