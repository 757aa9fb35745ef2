/**
 * The launch contract of a game process started by a driver: it reads its port from $ARENA_PORT (0 = any
 * free port) and, once listening, prints one line `ARENA_READY {"port":N,...}` on stdout.
 */
export const READY_PREFIX = 'ARENA_READY ';
