/**
 * A frame as a JPEG for a profile (quality, largest side): the one encoder behind the gateway's frame cache
 * and the VLM agent, so the image an agent sends and the image the run records are the same bytes.
 */
import sharp from 'sharp';
import { ArenaError, ErrorCode, fitSize, jpegCoding, type FrameEncoding, type JpegProfile } from '../protocol/index.js';

/** The frame fields an encoder reads. */
export interface FrameBytes {
  readonly seq: number;
  readonly width: number;
  readonly height: number;
  readonly encoding: FrameEncoding;
  readonly data: Uint8Array;
}

/** A JPEG made for a profile, with the size it has after scaling. */
export interface JpegImage {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
}

/** Encodes a frame (raw RGB, JPEG or PNG) as a JPEG at the profile's quality, scaled down to its `maxSide`, with the standard Huffman tables (the game host's too). */
export async function encodeJpeg(frame: FrameBytes, profile: JpegProfile): Promise<JpegImage> {
  const { width, height } = frame;
  if (frame.encoding === 'rgb' && frame.data.byteLength !== width * height * 3) {
    throw new ArenaError(ErrorCode.BAD_MESSAGE, `raw RGB frame of ${width}x${height} has ${frame.data.byteLength} bytes, expected ${width * height * 3}`);
  }
  const target = fitSize(width, height, profile.maxSide);
  let image = frame.encoding === 'rgb' ? sharp(frame.data, { raw: { width, height, channels: 3 } }) : sharp(frame.data);
  if (target.width !== width || target.height !== height) image = image.resize(target.width, target.height, { fit: 'fill' });
  try {
    return { ...target, data: await image.jpeg(jpegCoding(profile.quality)).toBuffer() };
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_MESSAGE, `frame ${frame.seq} could not be encoded as JPEG`, { cause: err });
  }
}
