/** results.jsonl in a tournament's out dir: one line per finished match, appended as each one ends, so a rerun resumes. */
import { appendFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { PlayerResultRecord } from '../../gateway/index.js';
import { usage } from '../../protocol/index.js';

export const MatchRecord = z.object({
  key: z.string(),
  /** What must match for a record to count in this tournament: game, variant, clock and limits. */
  setup: z.string(),
  /** Labels and kinds in slot order. */
  agents: z.array(z.string()),
  kinds: z.array(z.string()),
  episode: z.number().int().min(0),
  seed: z.number().int(),
  reason: z.string(),
  simMs: z.number(),
  /** Each player's result, in the run-record schema's shape. */
  players: z.array(PlayerResultRecord.pick({ slot: true, label: true, progress: true, score: true, outcome: true })),
  runId: z.string(),
  dir: z.string(),
  finishedAt: z.string(),
});
export type MatchRecord = z.infer<typeof MatchRecord>;

/**
 * Reads every record, skipping lines that are not records (a line torn by a crash mid-write); records made
 * under another setup are refused with BAD_CONFIG: one out dir holds one tournament setup.
 */
export function readRecords(path: string, setup: string): { records: MatchRecord[]; skipped: number } {
  if (!existsSync(path)) return { records: [], skipped: 0 };
  const records: MatchRecord[] = [];
  let skipped = 0;
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (line.trim().length === 0) continue;
    let parsed: ReturnType<typeof MatchRecord.safeParse> | undefined;
    try {
      parsed = MatchRecord.safeParse(JSON.parse(line));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      skipped++;
      continue;
    }
    if (parsed.data.setup !== setup) throw usage(`${path} holds results of another setup (${parsed.data.setup}); use another --out for ${setup}`);
    records.push(parsed.data);
  }
  return { records, skipped };
}

/** Ends a torn last line (a crash mid-write) so records appended next stand on lines of their own. */
export function repairLog(path: string): void {
  if (existsSync(path) && statSync(path).size > 0 && !readFileSync(path, 'utf8').endsWith('\n')) appendFileSync(path, '\n');
}

/** Appends one record as a line. */
export function appendRecord(path: string, record: MatchRecord): void {
  appendFileSync(path, `${JSON.stringify(record)}\n`);
}
