/** The per-decision frame digest kept in decisions.jsonl, so a re-simulation can check frames bit for bit. */
import { createHash } from 'node:crypto';

/** SHA-256 (hex) of a frame's bytes as the game sent them, prefixed with their encoding and size. */
export function frameDigest(frame: { readonly width: number; readonly height: number; readonly encoding: string; readonly data: Uint8Array }): string {
  return `${frame.encoding}:${frame.width}x${frame.height}:${createHash('sha256').update(frame.data).digest('hex')}`;
}
