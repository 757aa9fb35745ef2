/** Encodes a rendered RGB buffer for the wire: raw bytes as they are, or JPEG/PNG through sharp. */
import sharp from 'sharp';
import { DEFAULT_JPEG_TABLES, jpegCoding, type FrameEncoding, type JpegTables } from '../protocol/index.js';

export async function encodeFrame(rgb: Uint8Array, width: number, height: number, encoding: FrameEncoding, quality = 85, tables: JpegTables = DEFAULT_JPEG_TABLES): Promise<Uint8Array> {
  switch (encoding) {
    case 'rgb':
      return rgb;
    case 'jpeg':
      return sharp(rgb, { raw: { width, height, channels: 3 } }).jpeg(jpegCoding(quality, tables)).toBuffer();
    case 'png':
      return sharp(rgb, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 3 }).toBuffer();
  }
}
