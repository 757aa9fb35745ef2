/**
 * Which Huffman tables a JPEG made for the arena carries. `standard`: the example tables of the JPEG
 * standard (Annex K), as libjpeg, Pillow and OpenCV write by default; one pass over the image. `fitted`:
 * tables fitted to each image in a second pass, about 6% smaller at quality 85 and about twice the encode
 * time. The decoded pixels are the same to the bit either way; only the bytes differ. Runs recorded before
 * the choice was declared used `fitted`, so their game JPEGs re-simulate only with it.
 */
import { z } from 'zod';

export const JpegTables = z.enum(['standard', 'fitted']);
export type JpegTables = z.infer<typeof JpegTables>;

/** The tables every JPEG of a new run carries: the game's frames, the record's frames, an agent's JPEG. */
export const DEFAULT_JPEG_TABLES: JpegTables = 'standard';

/** The tables of a recorded run's JPEGs: what its `frame.jpegTables` declares, `fitted` for records from before it did. */
export const recordedJpegTables = (declared: string | undefined): JpegTables => (declared === 'standard' ? 'standard' : 'fitted');

/** sharp's JPEG options for a quality and tables. */
export const jpegCoding = (quality: number, tables: JpegTables = DEFAULT_JPEG_TABLES): { quality: number; optimiseCoding: boolean } => ({ quality, optimiseCoding: tables === 'fitted' });
