/** Cheap checks that a byte run is exactly one encoded image: its start and end markers and its own size, nothing decoded. */
import { ArenaError, checkImageHeader, type ImageSize } from '../../protocol/index.js';

export type ImageFormat = 'jpeg' | 'png';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const;
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

/** Why a whole screenshot is refused before decoding (its own header gives another size, or over `maxPixels`), or undefined. */
export function imageRefusal(data: Uint8Array, declared: ImageSize & { readonly format: ImageFormat }, maxPixels: number): ArenaError | undefined {
  try {
    checkImageHeader(data, declared.format, declared, maxPixels);
    return undefined;
  } catch (err) {
    if (err instanceof ArenaError) return err;
    throw err;
  }
}
