/** Turns an observation's frame into the JPEG a model sees: resized to a max side, encoded once. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import type { Observation } from '../../protocol/index.js';

/** A frame as sent to the model. */
export interface FrameImage {
  readonly width: number;
  readonly height: number;
  /** The JPEG bytes. */
  readonly jpeg: Buffer;
  /** `data:image/jpeg;base64,...`, the image part's URL. */
  readonly dataUrl: string;
  /** sha256 of the JPEG bytes, hex: stands for the image in prompt digests. */
  readonly sha256: string;
}

/** The size a `width` x `height` frame is sent at: scaled down to fit `maxSide`, never up. */
export function fitSize(width: number, height: number, maxSide: number | undefined): { width: number; height: number } {
  const longest = Math.max(width, height);
  if (maxSide === undefined || longest <= maxSide) return { width, height };
  const scale = maxSide / longest;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Encodes a frame (raw RGB, JPEG or PNG) as a JPEG of at most `maxSide` px a side at `quality` (1-100). */
export async function encodeFrameImage(
  frame: Observation['frame'],
  options: { readonly maxSide: number | undefined; readonly quality: number },
): Promise<FrameImage> {
  const { width, height } = frame;
  if (frame.encoding === 'rgb' && frame.data.byteLength !== width * height * 3) {
    throw new ArenaError(ErrorCode.BAD_MESSAGE, `raw RGB frame of ${width}x${height} has ${frame.data.byteLength} bytes, expected ${width * height * 3}`);
  }
  const target = fitSize(width, height, options.maxSide);
  let image = frame.encoding === 'rgb' ? sharp(frame.data, { raw: { width, height, channels: 3 } }) : sharp(frame.data);
  if (target.width !== width || target.height !== height) image = image.resize(target.width, target.height, { fit: 'fill' });
  let jpeg: Buffer;
  try {
    jpeg = await image.jpeg({ quality: options.quality }).toBuffer();
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_MESSAGE, `frame ${frame.seq} could not be encoded as JPEG`, { cause: err });
  }
  return {
    width: target.width,
    height: target.height,
    jpeg,
    dataUrl: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
    sha256: createHash('sha256').update(jpeg).digest('hex'),
  };
}
