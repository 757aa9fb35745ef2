/** How the command line reports errors: one line with the code, and an exit code by failure class (EXIT_CODES). */
// errors.ts directly, not protocol's index: the command line's start (help, usage errors) loads no schemas.
import { ArenaError, ErrorCode, toArenaError } from '../protocol/errors.js';

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
  const e = portInUse(err) ?? toArenaError(err);
  process.stderr.write(`arena: ${e.code}: ${e.message}\n`);
  if (process.env.ARENA_DEBUG && e.stack) process.stderr.write(`${e.stack}\n`);
  return e.code === ErrorCode.INTERNAL ? 70 : 2;
}

/**
 * A port another program holds (Node's EADDRINUSE, bare or as an error's cause) is the user's to change, not a bug
 * in arena: BAD_CONFIG naming the address and the way out.
 */
export function portInUse(err: unknown): ArenaError | undefined {
  const sys = [err, err instanceof Error ? err.cause : undefined].find((e): e is NodeJS.ErrnoException & { address?: string; port?: number } => e instanceof Error && (e as NodeJS.ErrnoException).code === 'EADDRINUSE');
  if (sys === undefined) return undefined;
  const where = sys.address !== undefined && sys.port !== undefined ? `${sys.address}:${sys.port}` : 'the port';
  return new ArenaError(ErrorCode.BAD_CONFIG, `${where} is already in use by another program: choose another port, or port 0 for any free one`, { cause: sys, details: { address: sys.address, port: sys.port } });
}
