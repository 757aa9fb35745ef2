/**
 * Encodes each observed frame at most once per (encoding, JPEG profile), and shares the bytes among the
 * agents and the recorder: the JPEG an agent got is the one the run records.
 */
import sharp from 'sharp';
import { encodeJpeg } from '../../frame-images/index.js';
import { fitSize, type Frame, type FrameEncoding, type JpegProfile } from '../../protocol/index.js';

/** A frame's bytes in one encoding and profile, with the size they have (a profile may scale a JPEG down). */
export interface EncodedFrame {
  readonly encoding: FrameEncoding;
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** How many encodes the cache ran and how many requests it answered from what it had. */
export interface FrameCacheStats {
  readonly encodes: number;
  readonly hits: number;
}

export class FrameCache {
  private readonly cache = new Map<string, Promise<EncodedFrame>>();
  private encodes = 0;
  private hits = 0;

  /**
   * `jpegQuality` is the profile of a JPEG asked for without one (the recorder's, and agents' that name none);
   * `gameJpegQuality` the quality the game was asked to send JPEG frames at, if it was.
   */
  constructor(
    private readonly jpegQuality: number,
    private readonly gameJpegQuality?: number,
  ) {}

  /** The frame's bytes in `encoding` (for JPEG at `jpeg`); the game's own bytes when they already are that. */
  get(frame: Frame, encoding: FrameEncoding, jpeg?: JpegProfile): Promise<EncodedFrame> {
    const profile = jpeg ?? { quality: this.jpegQuality };
    if (frame.encoding === encoding && (encoding !== 'jpeg' || jpeg === undefined || this.madeByGame(frame, profile))) return Promise.resolve(frame);
    const key = encoding === 'jpeg' ? `${frame.slot}:${frame.seq}:jpeg:${profile.quality}:${profile.maxSide ?? ''}` : `${frame.slot}:${frame.seq}:${encoding}`;
    let hit = this.cache.get(key);
    if (hit) this.hits++;
    else {
      this.encodes++;
      hit = this.encode(frame, encoding, profile);
      this.cache.set(key, hit);
      // Only the newest frames are asked for again; keep the cache small.
      if (this.cache.size > 64) this.cache.delete(this.cache.keys().next().value!);
    }
    return hit;
  }

  /** A JPEG from the game is already the profile's when the game made it at that quality and it needs no scaling. */
  private madeByGame(frame: Frame, profile: JpegProfile): boolean {
    const fit = fitSize(frame.width, frame.height, profile.maxSide);
    return profile.quality === this.gameJpegQuality && fit.width === frame.width && fit.height === frame.height;
  }

  stats(): FrameCacheStats {
    return { encodes: this.encodes, hits: this.hits };
  }

  private async encode(frame: Frame, encoding: FrameEncoding, jpeg: JpegProfile): Promise<EncodedFrame> {
    if (encoding === 'jpeg') return { encoding, ...(await encodeJpeg(frame, jpeg)) };
    const input = frame.encoding === 'rgb' ? sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }) : sharp(frame.data);
    const data = encoding === 'png' ? await input.png().toBuffer() : await input.removeAlpha().raw().toBuffer();
    return { encoding, width: frame.width, height: frame.height, data };
  }
}
