/** The per-decision frame digest kept in decisions.jsonl, so a re-simulation can check frames bit for bit. */
import { createHash, webcrypto } from 'node:crypto';

/** The frame fields a digest reads. */
export interface DigestedFrame {
  readonly width: number;
  readonly height: number;
  readonly encoding: string;
  readonly data: Uint8Array;
}

/** SHA-256 (hex) of a frame's bytes as the game sent them, prefixed with their encoding and size. */
export function frameDigest(frame: DigestedFrame): string {
  return `${frame.encoding}:${frame.width}x${frame.height}:${createHash('sha256').update(frame.data).digest('hex')}`;
}

/**
 * The same digest as `frameDigest`, hashed on the thread pool instead of this thread: the call copies the
 * bytes at once (about a tenth of hashing them here), so the frame may be dropped or reused when it returns.
 */
export async function frameDigestOffThread(frame: DigestedFrame): Promise<string> {
  const hash = await webcrypto.subtle.digest('SHA-256', frame.data);
  return `${frame.encoding}:${frame.width}x${frame.height}:${Buffer.from(hash).toString('hex')}`;
}
