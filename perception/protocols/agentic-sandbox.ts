/**
 * The agentic protocol's sandbox: a fresh temp folder holding copies of video.mp4 and task.md and a pre-seeded
 * answer.json, nothing else. It is audited before the run (only those three regular files, no link, nothing
 * from references/ or case.json, outside the golden set) and the audit is kept in the result.
 */
import { copyFileSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { GoldenCase } from '../cases/golden-set.js';
import type { SandboxAudit } from './case-result.js';

/** The files a sandbox may hold. */
export const SANDBOX_FILES = ['answer.json', 'task.md', 'video.mp4'] as const;
/** answer.json as the model first finds it. */
export const SEED_ANSWER = '{"tuples":[]}\n';

/** A sandbox on disk. */
export interface Sandbox {
  readonly dir: string;
  readonly video: string;
  readonly answer: string;
  remove(): void;
}

/** Makes the sandbox of case `c` under the system temp folder. */
export function createSandbox(c: GoldenCase): Sandbox {
  const dir = mkdtempSync(join(tmpdir(), 'arena-sandbox-'));
  copyFileSync(c.videoPath, join(dir, 'video.mp4'));
  writeFileSync(join(dir, 'task.md'), c.task);
  writeFileSync(join(dir, 'answer.json'), SEED_ANSWER);
  return { dir, video: join(dir, 'video.mp4'), answer: join(dir, 'answer.json'), remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Audits `dir` against the golden set at `goldenDir`: every entry must be one of {@link SANDBOX_FILES} and a
 * regular file; none may be byte-equal to a references file or case.json; the folder may not lie inside the set.
 */
export function auditSandbox(dir: string, goldenDir: string, caseId: string): SandboxAudit {
  const findings: string[] = [];
  const rel = relative(resolve(goldenDir), resolve(dir));
  if (!rel.startsWith('..') && !rel.startsWith('/')) findings.push('the sandbox lies inside the golden set');
  const forbidden: Buffer[] = [];
  for (const p of [join(goldenDir, 'references', `${caseId}.json`), join(goldenDir, 'cases', caseId, 'case.json')]) {
    try {
      forbidden.push(readFileSync(p));
    } catch {
      // a file the set does not have cannot leak
    }
  }
  const files = readdirSync(dir, { withFileTypes: true }).map((e) => {
    const path = join(dir, e.name);
    const stat = lstatSync(path);
    if (!(SANDBOX_FILES as readonly string[]).includes(e.name)) findings.push(`unexpected entry ${e.name}`);
    if (!stat.isFile()) findings.push(`${e.name} is not a regular file`);
    else if (stat.size < 50_000_000 && forbidden.some((f) => f.length === stat.size && f.equals(readFileSync(path)))) findings.push(`${e.name} is a copy of ground truth`);
    return { name: e.name, bytes: stat.size };
  });
  for (const name of SANDBOX_FILES) if (!files.some((f) => f.name === name)) findings.push(`missing ${name}`);
  return { dir, files: files.sort((a, b) => a.name.localeCompare(b.name)), clean: findings.length === 0, findings };
}
