/** A result file a job's child process wrote, if it is there. */
import { existsSync } from 'node:fs';
import { ErrorCode, readJsonFile } from '../../protocol/index.js';

/** The JSON object at `path`, or undefined when the file is not there (BAD_RECORD when it is not JSON). */
export function readResultFile(path: string): Record<string, unknown> | undefined {
  return existsSync(path) ? (readJsonFile(path, { code: ErrorCode.BAD_RECORD }) as Record<string, unknown>) : undefined;
}
