/**
 * A run record that cannot be written: the disk is full (ENOSPC, EDQUOT), the folder is read-only or denied
 * (EROFS, EACCES, EPERM), or the device failed (EIO). The match ends with RECORD_WRITE_FAILED, an
 * infrastructure failure, instead of INTERNAL: the gateway has no bug, the machine's disk has a problem.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ArenaError, ErrorCode } from '../../protocol/index.js';

const DISK_CODES: ReadonlySet<string> = new Set(['ENOSPC', 'EDQUOT', 'EROFS', 'EACCES', 'EPERM', 'EIO']);

/** Whether `err` is a file system's refusal to write (its `code` one of ENOSPC, EDQUOT, EROFS, EACCES, EPERM, EIO). */
export function isDiskFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && DISK_CODES.has(code);
}

/** The RECORD_WRITE_FAILED error of a failed write of the run record in `dir` (`details.errno`: ENOSPC, ...). */
export function recordWriteFailure(err: unknown, dir: string): ArenaError {
  if (err instanceof ArenaError) return err;
  const errno = String((err as { code?: unknown }).code);
  const message = err instanceof Error ? err.message : String(err);
  return new ArenaError(ErrorCode.RECORD_WRITE_FAILED, `the run record in ${dir} could not be written (${errno}): ${message}`, { cause: err, details: { errno } });
}

/**
 * Creates `dir` and its missing parents one level at a time: a recursive mkdir on a read-only file system
 * reports ENOENT, where one level reports what refused it (EROFS, EACCES).
 */
export function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; !existsSync(d) && dirname(d) !== d; d = dirname(d)) missing.unshift(d);
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (err) {
      if ((err as { code?: unknown }).code !== 'EEXIST') throw err;
    }
  }
}
