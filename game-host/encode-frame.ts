/** Encodes a rendered RGB buffer for the wire: raw bytes as they are, or JPEG/PNG through sharp. */
import sharp from 'sharp';
import type { FrameEncoding } from '../protocol/index.js';

export async function encodeFrame(rgb: Uint8Array, width: number, height: number, encoding: FrameEncoding, quality = 85): Promise<Uint8Array> {
  switch (encoding) {
    case 'rgb':
      return rgb;
    case 'jpeg':
      return sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
    case 'png':
      return sharp(rgb, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 3 }).toBuffer();
  }
}
