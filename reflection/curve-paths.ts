/**
 * Where a curve keeps its files, relative to its directory (`runs/curves/<id>/` by default):
 * `curve.json`, `curve.csv`, `curve.svg`, `curve.png`, `summary.txt`;
 * `rounds/<r>/` with `skill.md` (the skill round r played), `skill.diff` (from round r-1's), `notebook.md`,
 * `diagnosis.md`, `reflector.jsonl` (the reflection that produced them) and `episodes/e<k>/` (run directories);
 * `heldout/<variant>/<best|empty>/e<k>/` for the curve's own held-out transfer;
 * `transfer.json`, `transfer.csv` and `transfer/<variant>/<empty|best-r<N>>/seed-<S>/e<k>/` for `arena transfer`.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { diffLines } from './skill-diff.js';

/** The files of one curve directory. */
export class CurvePaths {
  constructor(readonly dir: string) {}

  get state(): string {
    return join(this.dir, 'curve.json');
  }

  round(r: number): string {
    return join(this.dir, 'rounds', String(r));
  }

  /** Directory holding round r's episode run directories. */
  roundEpisodes(r: number): string {
    return join(this.round(r), 'episodes');
  }

  transcript(r: number): string {
    return join(this.round(r), 'reflector.jsonl');
  }

  /** Directory holding one held-out arm's episode run directories. */
  heldOut(variant: string, arm: 'best' | 'empty'): string {
    return join(this.dir, 'heldout', variant, arm);
  }

  /** The table of the last `arena transfer` (JSON, with every episode). */
  get transferTable(): string {
    return join(this.dir, 'transfer.json');
  }

  /** The same table as CSV, one row per variant. */
  get transferCsv(): string {
    return join(this.dir, 'transfer.csv');
  }

  /**
   * Directory holding one arm's run directories of `arena transfer` on one variant, for K episodes from `seed`.
   * The best arm's directory names its round, so a later best skill never adopts an earlier one's episodes.
   */
  transferRuns(variant: string, arm: 'best' | 'empty', bestRound: number, seed: number): string {
    return join(this.dir, 'transfer', variant, arm === 'best' ? `best-r${bestRound}` : 'empty', `seed-${seed}`);
  }

  /** Writes round r's skill, its diff from the previous skill, the notebook and the diagnosis. */
  writeRoundFiles(r: number, files: { skill: string; previousSkill: string | undefined; notebook: string; diagnosis: string }): void {
    const dir = this.round(r);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'skill.md'), ensureNewline(files.skill));
    writeFileSync(join(dir, 'notebook.md'), ensureNewline(files.notebook));
    if (files.diagnosis.length > 0) writeFileSync(join(dir, 'diagnosis.md'), ensureNewline(files.diagnosis));
    if (files.previousSkill !== undefined) writeFileSync(join(dir, 'skill.diff'), diffLines(files.previousSkill.trim(), files.skill.trim()));
  }
}

function ensureNewline(text: string): string {
  return text.length === 0 || text.endsWith('\n') ? text : `${text}\n`;
}

/**
 * The directory of an existing curve named by `idOrDir`: a directory holding `curve.json`, else `<out>/<idOrDir>`,
 * else each of `elsewhere` (where a caller knows curves are kept, as a service's jobs). BAD_CONFIG naming every
 * place looked at (`details.looked`) when none holds a curve.
 */
export function resolveCurveDir(idOrDir: string, out: string, elsewhere: readonly string[] = []): string {
  const looked = [...new Set([idOrDir, join(out, idOrDir), ...elsewhere])];
  const found = looked.find((dir) => existsSync(join(dir, 'curve.json')));
  if (found === undefined) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `no curve '${idOrDir}': no curve.json in ${looked.map((d) => resolve(d)).join(' or ')}`, { details: { looked: looked.map((d) => resolve(d)) } });
  }
  return found;
}
