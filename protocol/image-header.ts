/**
 * An encoded frame's own size, read from its header bytes before anything decodes it: so an image that is not
 * what its message says (another size, a decompression bomb) is refused instead of decoded and stretched.
 */
import { ArenaError, ErrorCode } from './errors.js';
import { Limits } from './limits.js';

/** Pixel dimensions of an image. */
export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

/** Most pixels a game's encoded frame may claim before it is decoded (the largest side squared, 16.8 M). */
export const MAX_DECODE_PIXELS = Limits.maxFrameSide * Limits.maxFrameSide;

// Start-of-frame markers (SOF0..SOF15) carry the size; C4 (DHT), C8 (JPG) and CC (DAC) share the range but do not.
const isStartOfFrame = (m: number): boolean => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc;

function jpegSize(data: Uint8Array): ImageSize | string {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return 'no JPEG start marker';
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return `no JPEG marker at byte ${at}`;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return 'no JPEG frame header before the scan';
    // Standalone markers (RSTn, TEM) have no length field.
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = (data[at + 2]! << 8) | data[at + 3]!;
    if (isStartOfFrame(marker)) {
      if (at + 9 > data.length || length < 8) return 'a JPEG frame header cut short';
      return { height: (data[at + 5]! << 8) | data[at + 6]!, width: (data[at + 7]! << 8) | data[at + 8]! };
    }
    if (length < 2) return `a JPEG segment of length ${length}`;
    at += 2 + length;
  }
  return 'no JPEG frame header';
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
const IHDR = [0x49, 0x48, 0x44, 0x52] as const;

function pngSize(data: Uint8Array): ImageSize | string {
  if (data.length < 24 || PNG_SIGNATURE.some((b, i) => data[i] !== b)) return 'no PNG signature';
  if (IHDR.some((b, i) => data[12 + i] !== b)) return 'the first PNG chunk is not IHDR';
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The size an encoded image's header declares (JPEG frame header, PNG IHDR), or why it has none. Reads no pixel. */
export function readImageSize(data: Uint8Array, encoding: 'jpeg' | 'png'): ImageSize | string {
  return encoding === 'jpeg' ? jpegSize(data) : pngSize(data);
}

/**
 * Checks an encoded frame against the size its message declares, before it is decoded: BAD_MESSAGE when its
 * header has no size or another one, TOO_LARGE when it claims more than `maxPixels` (a decompression bomb).
 */
export function checkImageHeader(data: Uint8Array, encoding: 'jpeg' | 'png', declared: ImageSize, maxPixels: number = MAX_DECODE_PIXELS): ImageSize {
  const size = readImageSize(data, encoding);
  const name = encoding.toUpperCase();
  if (typeof size === 'string') throw new ArenaError(ErrorCode.BAD_MESSAGE, `a ${name} frame of ${data.length} bytes does not decode: its header has no size (${size})`);
  if (size.width * size.height > maxPixels) {
    throw new ArenaError(ErrorCode.TOO_LARGE, `a ${name} frame claims ${size.width}x${size.height} pixels, over the decode bound of ${maxPixels}`, { details: { ...size } });
  }
  if (size.width !== declared.width || size.height !== declared.height) {
    throw new ArenaError(ErrorCode.BAD_MESSAGE, `a ${name} frame declared ${declared.width}x${declared.height} is ${size.width}x${size.height} by its own header`, { details: { ...size } });
  }
  return size;
}

/** An encoded image format whose bytes can be checked whole. */
export type ImageFormat = 'jpeg' | 'png';

const IEND = [0x49, 0x45, 0x4e, 0x44] as const;

const hex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join(' ');

/** Why `data` is not one complete image of `format`, or undefined when its markers are right. */
export function checkImageBytes(data: Uint8Array, format: ImageFormat): string | undefined {
  const n = data.length;
  switch (format) {
    case 'jpeg':
      // A JPEG starts with SOI (FF D8) and ends with EOI (FF D9); a cut or overlong read misses one of them.
      if (n < 4 || data[0] !== 0xff || data[1] !== 0xd8) return `it starts ${hex(data.subarray(0, 2))}, not FF D8`;
      if (data[n - 2] !== 0xff || data[n - 1] !== 0xd9) return `it ends ${hex(data.subarray(n - 2))}, not FF D9`;
      return undefined;
    case 'png':
      if (n < 20 || PNG_SIGNATURE.some((b, i) => data[i] !== b)) return 'it does not start with the PNG signature';
      // The last chunk is IEND: type at n-8..n-4, then its CRC.
      if (IEND.some((b, i) => data[n - 8 + i] !== b)) return 'it does not end with an IEND chunk';
      return undefined;
  }
}
