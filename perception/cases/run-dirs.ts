/** Finding finished runs: run directories named directly, or every run under a runs root (tournaments' and sweeps' folders too). */
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** A run directory found, and whether the user named it directly (rather than a folder holding it). */
export interface FoundRun {
  readonly dir: string;
  readonly named: boolean;
}

/** Folders never searched for runs: a run's own frames and a golden set's cases and references. */
const SKIP = new Set(['frames', 'node_modules', '.git', 'cases', 'references']);
/** How deep under a runs root runs are looked for. */
const MAX_DEPTH = 6;

function walk(dir: string, depth: number, out: string[]): void {
  if (existsSync(join(dir, 'run.json'))) {
    out.push(dir);
    return;
  }
  if (depth >= MAX_DEPTH) return;
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.isDirectory() && !SKIP.has(entry.name)) walk(join(dir, entry.name), depth + 1, out);
  }
}

/**
 * The run directories of `operands`, each once, in path order: a directory with a run.json is a run, any
 * other directory is searched for runs. BAD_CONFIG for no operands, a path that is not a directory, or a
 * directory holding no run.
 */
export function findRuns(operands: readonly string[]): FoundRun[] {
  if (operands.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, 'no runs given: name run directories or a runs root (e.g. runs/)');
  const found = new Map<string, FoundRun>();
  for (const operand of operands) {
    const dir = resolve(operand);
    if (!existsSync(dir)) throw new ArenaError(ErrorCode.BAD_CONFIG, `${operand} does not exist`);
    if (!statSync(dir).isDirectory()) throw new ArenaError(ErrorCode.BAD_CONFIG, `${operand} is not a directory (a run directory or a folder of runs)`);
    const runs: string[] = [];
    walk(dir, 0, runs);
    if (runs.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `${operand} holds no run (no run.json in it or below it)`);
    const named = runs.length === 1 && runs[0] === dir;
    for (const run of runs) {
      const real = realpathSync(run);
      const seen = found.get(real);
      found.set(real, { dir: run, named: named || (seen?.named ?? false) });
    }
  }
  return [...found.values()].sort((a, b) => a.dir.localeCompare(b.dir));
}
