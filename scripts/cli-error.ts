/** How the command line reports errors: one line with the code, and an exit code by failure class (EXIT_CODES). */
// errors.ts directly, not protocol's index: the command line's start (help, usage errors) loads no schemas.
import { ErrorCode, toArenaError } from '../protocol/errors.js';

/** The exit codes of every `arena` command, by failure class; `arena help` and docs/cli.md print this table. */
export const EXIT_CODES = [
  { code: 0, when: 'done: the command did what it was asked' },
  { code: 1, when: 'ran, but the outcome is a failure: a match ended incomplete (its record says why), a conformance check failed' },
  { code: 2, when: 'an error with a code, printed as `arena: CODE: message`: bad input (BAD_CONFIG: an unknown flag, a missing or malformed value, a bad file; UNKNOWN_GAME, UNKNOWN_VARIANT, UNKNOWN_AGENT) or a failure outside the gateway (GAME_CRASHED, PROVIDER_ERROR, AGENT_GONE, ABORTED, ...)' },
  { code: 70, when: 'INTERNAL: a bug in arena; ARENA_DEBUG=1 adds the stack' },
] as const;

export { usage } from '../protocol/errors.js';

/** Prints `arena: CODE: message` (and the stack with ARENA_DEBUG) and returns the exit code for the error. */
export function reportError(err: unknown): number {
  const e = toArenaError(err);
  process.stderr.write(`arena: ${e.code}: ${e.message}\n`);
  if (process.env.ARENA_DEBUG && e.stack) process.stderr.write(`${e.stack}\n`);
  return e.code === ErrorCode.INTERNAL ? 70 : 2;
}
