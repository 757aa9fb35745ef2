/**
 * Brings a rendered frame to the size and encoding a client asked for, re-encoding only when needed (a JPEG with the Huffman tables asked for). An
 * encoded frame is first checked against its own header (`checkImageHeader`): another size than the backend
 * declared is BAD_MESSAGE and more than the decode bound TOO_LARGE, so it is never stretched to the size asked.
 */
import sharp from 'sharp';
import { ArenaError, DEFAULT_JPEG_TABLES, ErrorCode, MAX_DECODE_PIXELS, checkImageHeader, type FrameEncoding, type JpegTables } from '../protocol/index.js';
import type { RenderedFrame } from './backend.js';
import { encodeFrame } from './encode-frame.js';

export async function convertFrame(frame: RenderedFrame, width: number, height: number, encoding: FrameEncoding, quality: number, tables: JpegTables = DEFAULT_JPEG_TABLES): Promise<RenderedFrame> {
  if (frame.encoding !== 'rgb') checkImageHeader(frame.data, frame.encoding, frame);
  const sameSize = frame.width === width && frame.height === height;
  if (sameSize && frame.encoding === encoding) return frame;
  if (sameSize && frame.encoding === 'rgb') return { data: await encodeFrame(frame.data, width, height, encoding, quality, tables), encoding, width, height };
  const input = frame.encoding === 'rgb' ? sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }) : sharp(frame.data, { limitInputPixels: MAX_DECODE_PIXELS });
  let rgb: Buffer;
  try {
    rgb = await input.resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer();
  } catch (err) {
    // The game sent an image that does not decode (a corrupt JPEG from a build): the game's fault, coded as such.
    throw new ArenaError(ErrorCode.BAD_MESSAGE, `the game's ${frame.encoding.toUpperCase()} frame of ${frame.data.length} bytes does not decode: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
  }
  return { data: await encodeFrame(rgb, width, height, encoding, quality, tables), encoding, width, height };
}
