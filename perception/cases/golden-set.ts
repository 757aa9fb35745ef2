/**
 * Reading a golden set laid out as case-schema.ts describes: its cases (info, task text, video path) for the
 * protocols, and its references for the scorer. Every file is checked against its schema; a bad one is
 * BAD_RECORD naming the file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { ArenaError, ErrorCode, formatIssues, readJsonFile } from '../../protocol/index.js';
import { CaseInfo, CaseReference, GoldenManifest } from './case-schema.js';

/** One case as the protocols see it: no labels. */
export interface GoldenCase {
  readonly info: CaseInfo;
  readonly dir: string;
  /** task.md as read, byte for byte (UTF-8). */
  readonly task: string;
  readonly videoPath: string;
}

function readJson<T>(path: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(readJsonFile(path, { code: ErrorCode.BAD_RECORD }));
  if (!parsed.success) throw new ArenaError(ErrorCode.BAD_RECORD, `${path}: ${formatIssues(parsed.error, '(file)')}`, { cause: parsed.error });
  return parsed.data;
}

/** The set's manifest, or undefined for a hand-made set without one. */
export function readManifest(dir: string): GoldenManifest | undefined {
  const path = join(dir, 'manifest.json');
  return existsSync(path) ? readJson(path, GoldenManifest) : undefined;
}

/** Every case under DIR/cases, by id; BAD_RECORD for a case folder missing task.md, video.mp4 or a valid case.json. */
export function readCases(dir: string): GoldenCase[] {
  const root = join(dir, 'cases');
  if (!existsSync(root)) throw new ArenaError(ErrorCode.BAD_RECORD, `${dir} is no golden set: it has no cases/ folder`);
  return readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()
    .map((id) => {
      const caseDir = join(root, id);
      const info = readJson(join(caseDir, 'case.json'), CaseInfo);
      if (info.id !== id) throw new ArenaError(ErrorCode.BAD_RECORD, `${join(caseDir, 'case.json')}: id '${info.id}' is not its folder's name '${id}'`);
      const taskPath = join(caseDir, 'task.md');
      const videoPath = join(caseDir, 'video.mp4');
      if (!existsSync(taskPath)) throw new ArenaError(ErrorCode.BAD_RECORD, `${taskPath}: missing`);
      if (!existsSync(videoPath)) throw new ArenaError(ErrorCode.BAD_RECORD, `${videoPath}: missing`);
      return { info, dir: caseDir, task: readFileSync(taskPath, 'utf8'), videoPath };
    });
}

/** The reference tuples of case `id`, from DIR/references/<id>.json. */
export function readReference(dir: string, id: string): CaseReference {
  const path = join(dir, 'references', `${id}.json`);
  const ref = readJson(path, CaseReference);
  if (ref.id !== id) throw new ArenaError(ErrorCode.BAD_RECORD, `${path}: id '${ref.id}' is not '${id}'`);
  return ref;
}
