/**
 * Where a curve keeps its files, relative to its directory (`curves/<id>/`):
 * `curve.json`, `curve.csv`, `curve.svg`, `curve.png`, `summary.txt`;
 * `rounds/<r>/` with `skill.md` (the skill round r played), `skill.diff` (from round r-1's), `notebook.md`,
 * `diagnosis.md`, `reflector.jsonl` (the reflection that produced them) and `episodes/e<k>/` (run directories);
 * `heldout/<variant>/<best|empty>/e<k>/` for held-out transfer.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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
