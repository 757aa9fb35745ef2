/**
 * Whether an observation's frame is the frame it should be: fresh, a still scene, or stale (an exact or a near
 * duplicate of the slot's previous frame although game time advanced and inputs were sent since), late (older
 * in game time than the match's bound), or cut short. Pure functions over what the session saw.
 */
import { checkImageBytes, readImageSize } from '../image-header.js';
import type { FrameEncoding } from '../game-link.js';
import { hashDistance } from './block-hash.js';

/** What an observation's frame was judged to be. `still`: unchanged, but nothing should have changed it. */
export type FrameVerdict = 'fresh' | 'still' | 'duplicate' | 'near_duplicate' | 'late' | 'truncated';

/** The verdicts that count as a stale frame in reports (a decision made on a frame that was not the game's present). */
export const STALE_VERDICTS: ReadonlySet<FrameVerdict> = new Set(['duplicate', 'near_duplicate', 'late', 'truncated']);

/** Declared thresholds of the check. */
export interface IntegrityThresholds {
  /** Largest cell difference, gray levels, at which two frames are near duplicates (default 2). */
  readonly nearLevels: number;
  /** A frame older than this in game time when observed is late, ms (default 250). */
  readonly lateMs: number;
}

/** The declared defaults: a re-encoded copy stays within 2 gray levels per cell; a quarter second of game time is late. */
export const DEFAULT_THRESHOLDS: IntegrityThresholds = { nearLevels: 2, lateMs: 250 };

/** One frame as the check remembers it. */
export interface SeenFrame {
  readonly seq: number;
  readonly simMs: number;
  readonly encoding: FrameEncoding;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
  readonly hash: Uint8Array;
}

/** What happened between the slot's previous observation and this one. */
export interface SinceLast {
  /** Game time at the observation, ms (the session's clock, not the frame's stamp). */
  readonly nowSimMs: number;
  /** Input events sent to the game (any slot) since the previous observation. */
  readonly inputsSent: number;
  /** Wall time since the game sent the frame, ms, where the link stamps frames (`sentAt`). */
  readonly wallAgeMs?: number;
}

/** The integrity of one observation's frame, as a decision line carries it. */
export interface FrameIntegrity {
  readonly verdict: FrameVerdict;
  /** Largest cell difference from the slot's previous frame, gray levels (absent on the first frame). */
  readonly distance?: number;
  /** Game time between the frame's stamp and the observation, ms. */
  readonly ageMs: number;
  readonly wallAgeMs?: number;
  /** Times the frame was asked for again under the `retry` policy. */
  readonly retried?: number;
  readonly detail?: string;
}

/** Why encoded bytes are not one whole image (no readable size in their header, or no end marker), or undefined. */
export function truncation(frame: Pick<SeenFrame, 'encoding' | 'data'>): string | undefined {
  const { encoding, data } = frame;
  if (encoding === 'rgb') return undefined;
  const size = readImageSize(data, encoding);
  return typeof size === 'string' ? size : checkImageBytes(data, encoding);
}

function sameBytes(a: SeenFrame, b: SeenFrame): boolean {
  return a.encoding === b.encoding && a.width === b.width && a.height === b.height && Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).equals(b.data);
}

/** Judges `next` against the slot's previous frame: stale only when game time advanced and inputs were sent since. */
export function assessFrame(previous: SeenFrame | undefined, next: SeenFrame, since: SinceLast, thresholds: IntegrityThresholds = DEFAULT_THRESHOLDS): FrameIntegrity {
  const ageMs = Math.max(0, since.nowSimMs - next.simMs);
  const base = { ageMs, ...(since.wallAgeMs === undefined ? {} : { wallAgeMs: since.wallAgeMs }) };
  const cut = truncation(next);
  if (cut !== undefined) return { verdict: 'truncated', ...base, detail: cut };
  if (ageMs > thresholds.lateMs) return { verdict: 'late', ...base };
  if (!previous) return { verdict: 'fresh', ...base };
  const distance = hashDistance(previous.hash, next.hash);
  const exact = sameBytes(previous, next);
  const unchanged = exact || distance <= thresholds.nearLevels;
  if (!unchanged) return { verdict: 'fresh', distance, ...base };
  const shouldChange = since.nowSimMs > previous.simMs && since.inputsSent > 0;
  if (!shouldChange) return { verdict: 'still', distance, ...base };
  return { verdict: exact ? 'duplicate' : 'near_duplicate', distance, ...base };
}
