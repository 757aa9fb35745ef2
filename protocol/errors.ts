/**
 * Stable error codes and WebSocket close codes: the contract every layer and every test speaks.
 * Codes are strings that never change meaning; messages are for people and may change. No schemas here (the
 * wire's `code` field is wire-error-code.ts), so the command line's start and its errors load no zod.
 */
/** Every error code the gateway, its links and its drivers can report. */
export const ErrorCode = {
  /** A message that is not valid msgpack, or not a valid message of the link. */
  BAD_MESSAGE: 'BAD_MESSAGE',
  /** A message whose `type` the link does not know. */
  UNKNOWN_TYPE: 'UNKNOWN_TYPE',
  /** A hello that names a protocol version this side does not speak. */
  VERSION_MISMATCH: 'VERSION_MISMATCH',
  /** A message, field or frame over its size limit. */
  TOO_LARGE: 'TOO_LARGE',
  /** A message sent before the hello exchange, or out of order for the link's state. */
  BAD_STATE: 'BAD_STATE',
  /** A player slot that the game or match does not have, or that the sender may not use. */
  BAD_SLOT: 'BAD_SLOT',
  /** A key, button or axis outside the game's control set. */
  BAD_INPUT: 'BAD_INPUT',
  UNKNOWN_GAME: 'UNKNOWN_GAME',
  UNKNOWN_VARIANT: 'UNKNOWN_VARIANT',
  UNKNOWN_AGENT: 'UNKNOWN_AGENT',
  /** A configuration value that is missing or out of range. */
  BAD_CONFIG: 'BAD_CONFIG',
  /** The game process exited or its link closed unexpectedly. */
  GAME_CRASHED: 'GAME_CRASHED',
  /** The game did not answer within its deadline. */
  GAME_TIMEOUT: 'GAME_TIMEOUT',
  /** An agent disconnected or threw during a match. */
  AGENT_GONE: 'AGENT_GONE',
  /** An agent did not answer within its decision deadline. */
  AGENT_TIMEOUT: 'AGENT_TIMEOUT',
  /** A slot token that matches no slot of the match. */
  BAD_TOKEN: 'BAD_TOKEN',
  /** A peer that stopped reading: more than the limit was waiting to be sent to it. */
  SLOW_CONSUMER: 'SLOW_CONSUMER',
  /** A second client on a slot that already has one. */
  SLOT_TAKEN: 'SLOT_TAKEN',
  /** A match id the gateway does not know. */
  UNKNOWN_MATCH: 'UNKNOWN_MATCH',
  /** A model provider call that timed out. */
  PROVIDER_TIMEOUT: 'PROVIDER_TIMEOUT',
  /** A model provider call that failed after its retries. */
  PROVIDER_ERROR: 'PROVIDER_ERROR',
  /** A model answered empty on every resend of one request (OmniGameArena profile): the episode is skipped, not scored. */
  MODEL_EMPTY: 'MODEL_EMPTY',
  /** The match was stopped by its operator (Ctrl-C, API call). */
  ABORTED: 'ABORTED',
  /** A run record (run.json or a JSON-lines file of a run) that is missing or does not fit the run-record schema. */
  BAD_RECORD: 'BAD_RECORD',
  /** A re-simulated run that differs from its record (the message names the first differing step). */
  REPLAY_MISMATCH: 'REPLAY_MISMATCH',
  /** A service call without a token, or with a token the service does not know. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  /** A service call whose token does not allow it (a spectator's read token used to create or cancel). */
  FORBIDDEN: 'FORBIDDEN',
  /** A service path, job or run that does not exist. */
  NOT_FOUND: 'NOT_FOUND',
  /** A job or run that was running when its service stopped without finishing it. */
  INTERRUPTED: 'INTERRUPTED',
  /** The batch work backend (Redis) cannot be reached; what finished is kept, a rerun resumes. */
  BACKEND_GONE: 'BACKEND_GONE',
  /** No live worker serves a pool (or has a game) that a batch needs. */
  NO_WORKER: 'NO_WORKER',
  /** A stale frame (a duplicate after input, late or cut short) under the `fail` frame policy: the episode is infrastructure, replayed. */
  STALE_FRAME: 'STALE_FRAME',
  /** A write of the run record took longer than its bound (a disk that stopped): the match ends, run.json names the records not written. */
  RECORD_STALLED: 'RECORD_STALLED',
  /** A worker died mid-episode more often than the queue replays it. */
  WORKER_LOST: 'WORKER_LOST',
  /** A write of a run record failed (disk full, read-only, denied, I/O error): the match ends; infrastructure, replayed by sweeps. */
  RECORD_WRITE_FAILED: 'RECORD_WRITE_FAILED',
  /** Anything unexpected; the message says what, the cause keeps the original. */
  INTERNAL: 'INTERNAL',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Close codes sent on a WebSocket that a link closes for a reason of its own (4000-4999 range). */
export const CloseCode = {
  NORMAL: 1000,
  GOING_AWAY: 1001,
  BAD_MESSAGE: 4000,
  UNKNOWN_TYPE: 4001,
  VERSION_MISMATCH: 4002,
  TOO_LARGE: 4003,
  BAD_STATE: 4004,
  BAD_TOKEN: 4005,
  SLOT_TAKEN: 4006,
  UNKNOWN_MATCH: 4007,
  MATCH_OVER: 4008,
  SLOW_CONSUMER: 4009,
  INTERNAL: 4010,
  FORBIDDEN: 4011,
  UNAUTHORIZED: 4012,
} as const;
export type CloseCode = (typeof CloseCode)[keyof typeof CloseCode];

/** The close code a link uses when it closes because of an error with this code. */
export function closeCodeFor(code: ErrorCode): CloseCode {
  switch (code) {
    case 'BAD_MESSAGE':
    case 'BAD_CONFIG':
    case 'BAD_SLOT':
    case 'BAD_INPUT':
      return CloseCode.BAD_MESSAGE;
    case 'UNKNOWN_TYPE':
      return CloseCode.UNKNOWN_TYPE;
    case 'VERSION_MISMATCH':
      return CloseCode.VERSION_MISMATCH;
    case 'TOO_LARGE':
      return CloseCode.TOO_LARGE;
    case 'BAD_STATE':
      return CloseCode.BAD_STATE;
    case 'BAD_TOKEN':
      return CloseCode.BAD_TOKEN;
    case 'SLOT_TAKEN':
      return CloseCode.SLOT_TAKEN;
    case 'UNKNOWN_MATCH':
    case 'NOT_FOUND':
      return CloseCode.UNKNOWN_MATCH;
    case 'SLOW_CONSUMER':
      return CloseCode.SLOW_CONSUMER;
    case 'UNAUTHORIZED':
      return CloseCode.UNAUTHORIZED;
    case 'FORBIDDEN':
      return CloseCode.FORBIDDEN;
    default:
      return CloseCode.INTERNAL;
  }
}

/** Base error of every layer: a stable `code`, a human message, and the original throwable as `cause`. */
export class ArenaError extends Error {
  readonly code: ErrorCode;
  readonly details: Readonly<Record<string, unknown>> | undefined;

  constructor(code: ErrorCode, message: string, options?: { cause?: unknown; details?: Record<string, unknown> }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ArenaError';
    this.code = code;
    this.details = options?.details;
  }
}

/** A usage error: a bad flag, value or configuration field (BAD_CONFIG). */
export function usage(message: string): ArenaError {
  return new ArenaError(ErrorCode.BAD_CONFIG, message);
}

/** Wraps any throwable once, at a boundary: an ArenaError passes through, anything else becomes `fallback`. */
export function toArenaError(err: unknown, fallback: ErrorCode = ErrorCode.INTERNAL): ArenaError {
  if (err instanceof ArenaError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new ArenaError(fallback, message, { cause: err });
}

/** True when `err` is an ArenaError with the given code. */
export function hasCode(err: unknown, code: ErrorCode): boolean {
  return err instanceof ArenaError && err.code === code;
}

/** True for a PROVIDER_ERROR saying the request did not fit the model's context (HTTP 400 and its wording). */
export function isContextOverflow(err: unknown): boolean {
  if (!(err instanceof ArenaError) || err.code !== ErrorCode.PROVIDER_ERROR || err.details?.['status'] !== 400) return false;
  return /context|too long|too many tokens|maximum.*tokens|exceeds|n_ctx/i.test(err.message);
}
