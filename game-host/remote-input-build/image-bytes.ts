/** Cheap checks that a byte run is exactly one encoded image (its markers, `protocol/image-header.ts`) and the size it claims, nothing decoded. */
import { ArenaError, checkImageHeader, type ImageFormat, type ImageSize } from '../../protocol/index.js';

export { checkImageBytes, type ImageFormat } from '../../protocol/index.js';

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
