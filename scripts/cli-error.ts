/** How the command line reports errors: one line with the code, and a non-zero exit. */
import { ArenaError, ErrorCode, toArenaError } from '../protocol/index.js';

/** A usage error: a bad flag or value. */
export function usage(message: string): ArenaError {
  return new ArenaError(ErrorCode.BAD_CONFIG, message);
}

export function reportError(err: unknown): number {
  const e = toArenaError(err);
  process.stderr.write(`arena: ${e.code}: ${e.message}\n`);
  if (process.env.ARENA_DEBUG && e.stack) process.stderr.write(`${e.stack}\n`);
  return e.code === ErrorCode.INTERNAL ? 70 : 2;
}
