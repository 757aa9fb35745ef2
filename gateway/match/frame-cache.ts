/** Encodes each observed frame at most once per encoding, and shares the bytes among agents and the recorder. */
import sharp from 'sharp';
import type { Frame, FrameEncoding } from '../../protocol/index.js';

export class FrameCache {
  private readonly cache = new Map<string, Promise<Uint8Array>>();

  constructor(private readonly jpegQuality: number) {}

  /** The frame's bytes in `encoding`; the game's own bytes when it already sent that encoding. */
  get(frame: Frame, encoding: FrameEncoding): Promise<Uint8Array> {
    if (frame.encoding === encoding) return Promise.resolve(frame.data);
    const key = `${frame.slot}:${frame.seq}:${encoding}`;
    let hit = this.cache.get(key);
    if (!hit) {
      hit = this.encode(frame, encoding);
      this.cache.set(key, hit);
      // Only the newest frames are asked for again; keep the cache small.
      if (this.cache.size > 64) this.cache.delete(this.cache.keys().next().value!);
    }
    return hit;
  }

  private async encode(frame: Frame, encoding: FrameEncoding): Promise<Uint8Array> {
    const input = frame.encoding === 'rgb' ? sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }) : sharp(frame.data);
    switch (encoding) {
      case 'jpeg':
        return input.jpeg({ quality: this.jpegQuality }).toBuffer();
      case 'png':
        return input.png().toBuffer();
      case 'rgb':
        return input.removeAlpha().raw().toBuffer();
    }
  }
}
