/** A boards run's result as a reader reads it: what was scored, the model beside the random floor, and what is missing. */
import type { E2eResult } from '../../boards/index.js';
import { textTable, type TableDoc } from '../../protocol/index.js';

/** What a task's score is, for the line above its table. */
const SCORE_MEANS: Readonly<Record<string, string>> = {
  perceive: 'share of cells written right',
  qa: 'share of questions answered right',
  rule: 'share of answers naming a legal move (checked by the game)',
  e2e: 'mean paper score over full games (three invalid moves lose)',
};

/** The result's table: a row per player (the model beside the random floor), and a note when no model was scored. */
export function boardsText(task: string, game: string, samples: number, seed: number, rows: readonly { player: string; score: number; detail?: unknown }[]): string {
  const e2e = task === 'e2e';
  const games = (d: unknown): E2eResult | undefined => (typeof d === 'object' && d !== null && 'invalidLosses' in d ? (d as E2eResult) : undefined);
  const doc: TableDoc = {
    title: `${task} ${game}: ${samples} ${e2e ? 'games' : 'samples'}, seed ${seed}; score: ${SCORE_MEANS[task] ?? 'mean score'}`,
    columns: [{ header: 'player', kind: 'text' }, { header: 'score', kind: 'number', ...(e2e ? {} : { digits: 3 }) }, ...(e2e ? ([{ header: 'W-D-L', kind: 'text' }, { header: 'lost on invalid moves', kind: 'count' }] as const) : [])],
    rows: rows.map((r) => {
      const g = games(r.detail);
      return [r.player === 'random' ? 'random (the floor)' : r.player, r.score, ...(e2e ? [g ? `${g.wins}-${g.draws}-${g.losses}` : null, g?.invalidLosses ?? null] : [])];
    }),
    ...(rows.some((r) => r.player === 'model') ? {} : { note: 'no model scored: --model M --base-url URL scores one beside the random floor' }),
  };
  return textTable(doc);
}
