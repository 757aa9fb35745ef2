/**
 * Turns an observation's frame into the JPEG a model sees. In a match the gateway has already encoded it for
 * the agent's profile, and those bytes are sent as they are; any other frame is encoded here, by the same
 * encoder the gateway uses.
 */
import { createHash } from 'node:crypto';
import { encodeJpeg } from '../../frame-images/index.js';
import { fitSize, type Observation } from '../../protocol/index.js';

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

/**
 * The frame as a JPEG of at most `maxSide` px a side at `quality` (1-100): a JPEG frame that already fits is
 * taken as it is (the gateway made it for this profile); raw RGB, PNG or a larger JPEG is encoded.
 */
export async function encodeFrameImage(
  frame: Observation['frame'],
  options: { readonly maxSide: number | undefined; readonly quality: number },
): Promise<FrameImage> {
  const target = fitSize(frame.width, frame.height, options.maxSide);
  const fits = frame.encoding === 'jpeg' && target.width === frame.width && target.height === frame.height;
  const image = fits ? { width: frame.width, height: frame.height, data: Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength) } : await encodeJpeg(frame, options);
  return {
    width: image.width,
    height: image.height,
    jpeg: image.data,
    dataUrl: `data:image/jpeg;base64,${image.data.toString('base64')}`,
    sha256: createHash('sha256').update(image.data).digest('hex'),
  };
}
