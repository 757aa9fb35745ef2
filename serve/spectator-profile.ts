/**
 * A spectator profile: the size, JPEG quality and rate a spectator asks for in its stream's query
 * (`?width=320&quality=60&fps=5`), and the binary frame message the stream sends at that profile.
 */
import { z } from 'zod';
import { parseConfig, type SpectatorFrameHeader } from '../protocol/index.js';

/** Frame size (longest side, px), JPEG quality and frames per second per player view; defaults 320, 60, 5. */
export const SpectatorProfile = z.strictObject({
  width: z.coerce.number().int().min(32).max(1920).default(320),
  quality: z.coerce.number().int().min(10).max(95).default(60),
  fps: z.coerce.number().min(0.2).max(30).default(5),
});
export type SpectatorProfile = z.infer<typeof SpectatorProfile>;

/** The profile a stream's query asks for; BAD_CONFIG naming the bad field otherwise. */
export function profileFromQuery(params: URLSearchParams): SpectatorProfile {
  const raw: Record<string, string> = {};
  for (const key of ['width', 'quality', 'fps']) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  return parseConfig(raw, SpectatorProfile, 'spectator profile');
}

/** The cache key of a profile: one encode per (frame, key). */
export function profileKey(p: SpectatorProfile): string {
  return `${p.width}x${p.quality}@${p.fps}`;
}

/** The header of a binary frame message (protocol's SpectatorFrameHeader). */
export type FrameHeader = SpectatorFrameHeader;

/** A binary frame message: 4-byte big-endian header length, the JSON header, then the JPEG bytes. */
export function packFrame(header: FrameHeader, jpeg: Uint8Array): Buffer {
  const head = Buffer.from(JSON.stringify(header));
  const out = Buffer.allocUnsafe(4 + head.length + jpeg.length);
  out.writeUInt32BE(head.length, 0);
  head.copy(out, 4);
  out.set(jpeg, 4 + head.length);
  return out;
}

/** Splits a binary frame message into its header and JPEG bytes. */
export function unpackFrame(data: Uint8Array): { header: FrameHeader; jpeg: Uint8Array } {
  const view = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  const len = view.readUInt32BE(0);
  return { header: JSON.parse(view.subarray(4, 4 + len).toString('utf8')) as FrameHeader, jpeg: view.subarray(4 + len) };
}
