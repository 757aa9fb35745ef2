/** Size limits shared by both links. Every limit has a test that exceeds it. */
import { ArenaError, ErrorCode } from './errors.js';
export const Limits = {
  /** Largest WebSocket message, bytes: a 1920x1080 RGB frame plus headroom. */
  maxMessageBytes: 8 * 1024 * 1024,
  /** Largest message from an agent (actions carry no frames), bytes. */
  maxAgentMessageBytes: 256 * 1024,
  /** Largest frame side, pixels. */
  maxFrameSide: 4096,
  /** Longest short string (ids, names, keys, codes). */
  maxNameLength: 128,
  /** Longest free text (messages, prompts, answers). */
  maxTextLength: 64 * 1024,
  /** Most timed input events in one advance. */
  maxInputEvents: 4096,
  /** Most player slots in one game. */
  maxSlots: 16,
  /** Longest single advance, ms of game time. */
  maxAdvanceMs: 10 * 60 * 1000,
  /** Most keys or buttons in a control set. */
  maxControls: 64,
  /** Most entries in a generic array field (events, variants, steps). */
  maxArrayLength: 4096,
  /** Bytes already waiting on a socket past which a frame is held back (only the newest per consumer is kept). */
  frameHighWaterBytes: 2 * 1024 * 1024,
  /** Bytes waiting on a socket past which its peer is taken to have stopped reading and is closed (SLOW_CONSUMER). */
  maxBufferedBytes: 32 * 1024 * 1024,
  /** Largest privileged state snapshot, bytes once encoded. */
  maxStateBytes: 1024 * 1024,
} as const;

/** Room a frame message needs beyond its pixels (type, slot, clock, sizes, msgpack headers), bytes. */
const FRAME_MESSAGE_OVERHEAD = 1024;

/** Bytes of the largest frame message of this size (raw RGB; JPEG and PNG of natural images are smaller). */
export function frameMessageBytes(width: number, height: number): number {
  return width * height * 3 + FRAME_MESSAGE_OVERHEAD;
}

/** Refuses, with BAD_CONFIG, a frame size whose RGB frame a GameLink message cannot carry. */
export function checkFrameFits(width: number, height: number): void {
  const bytes = frameMessageBytes(width, height);
  if (bytes > Limits.maxMessageBytes) {
    throw new ArenaError(
      ErrorCode.BAD_CONFIG,
      `a ${width}x${height} frame needs ${bytes} bytes but a GameLink message carries at most ${Limits.maxMessageBytes}; choose a smaller frame`,
      { details: { width, height, bytes, maxMessageBytes: Limits.maxMessageBytes } },
    );
  }
}
