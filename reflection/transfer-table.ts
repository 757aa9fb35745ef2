/**
 * The table `arena transfer` keeps in a curve directory: `transfer.json` (the best skill and no skill on each
 * named variant, every episode, the gain) and `transfer.csv` (one row per variant). It holds the last transfer
 * asked for; the run directories of earlier ones stay on disk and are adopted when asked for again.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { z } from 'zod';
import { readConfigFile } from '../protocol/index.js';
import { TransferRecord, writeJsonAtomic } from './curve-state.js';

/** Format version of `transfer.json`. */
export const TRANSFER_TABLE_VERSION = 1;

/** `transfer.json`: which curve, K and seed, the transferred skill with its round, and both arms per variant. */
export const TransferTable = z.strictObject({
  version: z.literal(TRANSFER_TABLE_VERSION),
  /** Id of the curve whose best skill is transferred. */
  curve: z.string(),
  game: z.string(),
  /** The variant the skill was learned on. */
  learnedOn: z.string(),
  /** Episodes K per arm and variant. */
  episodes: z.number().int().min(1),
  /** Seed of episode 0; episode k plays seed + k in both arms. */
  seed: z.number().int().min(0),
  /** Mean of the best round on the learned variant. */
  bestMean: z.number(),
  updatedAt: z.string(),
  ...TransferRecord.shape,
});
export type TransferTable = z.infer<typeof TransferTable>;

/** Reads `transfer.json`; undefined when there is none; BAD_CONFIG when it is not a transfer table. */
export function readTransferTable(path: string): TransferTable | undefined {
  if (!existsSync(path)) return undefined;
  return readConfigFile(path, TransferTable, { noun: 'a transfer table' });
}

/** Writes `transfer.json` atomically, stamping `updatedAt`. */
export function writeTransferTable(path: string, table: TransferTable): void {
  table.updatedAt = new Date().toISOString();
  writeJsonAtomic(path, table);
}

/** Columns of `transfer.csv`, in order. */
export const TRANSFER_CSV_COLUMNS = ['variant', 'episodes', 'first_seed', 'best_round', 'no_skill', 'best_skill', 'gain', 'no_skill_scores', 'best_skill_scores'] as const;

const round6 = (v: number | undefined): string => (v === undefined ? '' : String(Math.round(v * 1e6) / 1e6));
const cell = (s: string): string => (/[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

/** The CSV text: a header, then one row per variant (per-episode scores separated by spaces). */
export function transferCsv(table: TransferTable): string {
  const rows = table.variants.map((v) =>
    [v.variant, String(table.episodes), String(table.seed), String(table.bestRound), round6(v.empty.mean), round6(v.best.mean), round6(v.gain), v.empty.episodes.map((e) => round6(e.score)).join(' '), v.best.episodes.map((e) => round6(e.score)).join(' ')].map(cell).join(','),
  );
  return `${[TRANSFER_CSV_COLUMNS.join(','), ...rows].join('\n')}\n`;
}

/** Writes `transfer.csv`. */
export function writeTransferCsv(path: string, table: TransferTable): void {
  writeFileSync(path, transferCsv(table));
}
