/**
 * The mean gray level of every 8 x 8 luma block of a baseline JPEG, read from the DC coefficients of its
 * entropy-coded scan: no inverse DCT, no colour conversion, no chroma kept. The AC coefficients are decoded
 * only far enough to be skipped. A block's DC coefficient times its quantiser is 8 times the block's mean
 * level less 128, so the grid is the image at 1/8 scale, as exact as a full decode averaged per block.
 */

import { AC_BITS, DC_BITS, HuffmanTables, RUN_BITS, RUN_ENDS, acAdvance, slowDecode, type Huffman } from './jpeg-huffman.js';

/** Luma block means, row by row, `columns` x `rows` blocks. */
export interface DcGrid {
  readonly columns: number;
  readonly rows: number;
  readonly means: Uint8Array;
}

interface Component {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly tq: number;
}

// The entropy-coded bytes with their stuffing (FF 00) taken out and PAD zero bytes after them, reused from one
// frame to the next. One block reads at most 64 codes and magnitudes of at most 16 bits each: 256 bytes, and a word.
const PAD = 512;
let unstuffed = new Uint8Array(0);
let unstuffedView = new DataView(unstuffed.buffer);

/** Copies the scan's entropy-coded bytes from `from` up to its first marker (or the end) into `unstuffed`, zeros after; their count. */
function unstuff(data: Uint8Array, from: number): number {
  if (unstuffed.length < data.length - from + PAD) {
    unstuffed = new Uint8Array(Math.max(data.length - from + PAD, 2 * unstuffed.length));
    unstuffedView = new DataView(unstuffed.buffer);
  }
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  let out = 0;
  for (let p = from; ; ) {
    const ff = bytes.indexOf(0xff, p);
    const stop = ff < 0 ? data.length : ff;
    unstuffed.set(data.subarray(p, stop), out);
    out += stop - p;
    // Bytes that end without a marker end the scan as a marker does.
    if (ff < 0 || data[ff + 1] !== 0x00) {
      unstuffed.fill(0, out, out + PAD);
      return out;
    }
    unstuffed[out++] = 0xff;
    p = ff + 2;
  }
}

// The Huffman tables of the frame before, for the next frame that brings the same ones.
const sharedTables = new HuffmanTables();

const extend = (v: number, n: number): number => (v < 1 << (n - 1) ? v - (1 << n) + 1 : v);

/**
 * The luma block means of a baseline (or extended sequential) Huffman JPEG, or undefined for anything this
 * reader does not take (progressive or arithmetic coding, restart markers, a first scan without the luma
 * component, bytes that do not parse or end early): the caller then decodes it the slow way.
 */
export function jpegDcGrid(data: Uint8Array, tables: HuffmanTables = sharedTables): DcGrid | undefined {
  try {
    return readDcGrid(data, tables);
  } catch {
    return undefined;
  }
}

function readDcGrid(data: Uint8Array, tables: HuffmanTables): DcGrid | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  const quant: (number | undefined)[] = [];
  const dc: (Huffman | undefined)[] = [];
  const ac: (Huffman | undefined)[] = [];
  let components: Component[] = [];
  let width = 0;
  let height = 0;
  let at = 2;
  while (at + 4 <= data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    const length = (data[at + 2]! << 8) | data[at + 3]!;
    const body = at + 4;
    const end = at + 2 + length;
    switch (marker) {
      case 0xdb: // DQT: of each table only the DC quantiser, its first entry (bytes past the end read as 0)
        for (let p = body; p < end; ) {
          const wide = data[p]! >> 4;
          quant[data[p]! & 15] = wide ? (data[p + 1]! << 8) | data[p + 2]! : data[p + 1]! | 0;
          p += 1 + (wide ? 128 : 64);
        }
        break;
      case 0xc4: // DHT
        for (let p = body; p < end; ) {
          const cls = data[p]! >> 4;
          const id = data[p]! & 15;
          let total = 0;
          for (let i = 1; i <= 16; i++) total += data[p + i]!;
          (cls === 0 ? dc : ac)[id] = tables.table(cls !== 0, id, data.subarray(p + 1, p + 17 + total));
          p += 17 + total;
        }
        break;
      case 0xc0:
      case 0xc1: {
        height = (data[body + 1]! << 8) | data[body + 2]!;
        width = (data[body + 3]! << 8) | data[body + 4]!;
        const n = data[body + 5]!;
        components = [];
        for (let i = 0; i < n; i++) {
          const c = body + 6 + 3 * i;
          components.push({ id: data[c]!, h: data[c + 1]! >> 4, v: data[c + 1]! & 15, tq: data[c + 2]! });
        }
        break;
      }
      case 0xdd: // DRI: restart markers are left to the full decoder
        if (((data[body]! << 8) | data[body + 1]!) !== 0) return undefined;
        break;
      case 0xda: // SOS
        return scan(data, body, { quant, dc, ac, components, width, height });
      default:
        // Any other start of frame (progressive, lossless, arithmetic) is not for this reader.
        if (marker >= 0xc2 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) return undefined;
        if (marker === 0xd9) return undefined;
    }
    at = end;
  }
  return undefined;
}

interface Tables {
  /** Each table's DC quantiser. */
  readonly quant: readonly (number | undefined)[];
  readonly dc: readonly (Huffman | undefined)[];
  readonly ac: readonly (Huffman | undefined)[];
  readonly components: readonly Component[];
  readonly width: number;
  readonly height: number;
}

function scan(data: Uint8Array, body: number, t: Tables): DcGrid | undefined {
  const { components, width, height } = t;
  const luma = components[0];
  if (!luma || width === 0 || height === 0) return undefined;
  const ns = data[body]!;
  const inScan: { comp: Component; dc: Huffman; ac: Huffman }[] = [];
  for (let i = 0; i < ns; i++) {
    const id = data[body + 1 + 2 * i]!;
    const sel = data[body + 2 + 2 * i]!;
    const comp = components.find((c) => c.id === id);
    const d = t.dc[sel >> 4];
    const a = t.ac[sel & 15];
    if (!comp || !d || !a) return undefined;
    inScan.push({ comp, dc: d, ac: a });
  }
  if (inScan[0]?.comp !== luma) return undefined;
  const q0 = t.quant[luma.tq];
  if (q0 === undefined) return undefined;
  const hMax = Math.max(...components.map((c) => c.h));
  const vMax = Math.max(...components.map((c) => c.v));
  const columns = Math.ceil((width * luma.h) / hMax / 8);
  const rows = Math.ceil((height * luma.v) / vMax / 8);
  const means = new Uint8Array(columns * rows);
  const interleaved = ns > 1;
  const mcuColumns = interleaved ? Math.ceil(width / (8 * hMax)) : columns;
  const mcuRows = interleaved ? Math.ceil(height / (8 * vMax)) : rows;
  const preds = new Int32Array(ns);

  // The bits are read at `bit` from a big-endian word: 25 bits or more of it are always the stream's. Past the
  // bytes the stream reads as zeros; a block that starts there starts again at the first zero (`over` keeps it).
  const length = unstuff(data, body + 1 + 2 * ns + 3);
  const view = unstuffedView;
  const endBits = length * 8;
  let bit = 0;
  let over = false;
  for (let my = 0; my < mcuRows; my++) {
    for (let mx = 0; mx < mcuColumns; mx++) {
      for (let si = 0; si < ns; si++) {
        const s = inScan[si]!;
        const bh = interleaved ? s.comp.h : 1;
        const bv = interleaved ? s.comp.v : 1;
        // Every table this loop reads is in a local: a property first read on a rare path would cost the optimised code.
        const dcTable = s.dc;
        const acTable = s.ac;
        const dcFast = dcTable.fast;
        const acSkip = acTable.skip;
        for (let by = 0; by < bv; by++) {
          for (let bx = 0; bx < bh; bx++) {
            if (bit > endBits) {
              over = true;
              bit = endBits;
            }
            // The DC coefficient: a size, then that many bits of difference from the component's last one.
            let word = view.getUint32(bit >>> 3) << (bit & 7);
            let hit = dcFast[word >>> (32 - DC_BITS)]!;
            if (hit === 0 && (hit = slowDecode(dcTable, word >>> 16)) < 0) return undefined;
            const codeBits = hit >> 8;
            const size = hit & 0xff;
            bit += codeBits + size;
            if (size !== 0) {
              if (size > 16) return undefined;
              // The magnitude follows the code in the same word where the two fit in its 25 sure bits.
              if (codeBits + size > 25) word = view.getUint32((bit - size) >>> 3) << ((bit - size) & 7);
              else word <<= codeBits;
              preds[si]! += extend(word >>> (32 - size), size);
            }
            // The AC coefficients, skipped: every whole one in the window at once where the block has room for them.
            for (let k = 1; k < 64; ) {
              word = view.getUint32(bit >>> 3) << (bit & 7);
              const run = acSkip[word >>> (32 - AC_BITS)]!;
              if (run !== 0) {
                const move = (run >> 5) & 127;
                if (k + move <= 64) {
                  bit += run & RUN_BITS;
                  if ((run & RUN_ENDS) !== 0) break;
                  k += move;
                } else {
                  // Near the block's end: the first one alone (the run may reach into the next block).
                  bit += (run >> 13) & 31;
                  const one = run >>> 18;
                  if (one === 0) break;
                  k += one;
                }
                continue;
              }
              const slow = slowDecode(acTable, word >>> 16);
              if (slow < 0) return undefined;
              bit += (slow >> 8) + (slow & 15);
              const advance = acAdvance(slow & 0xff);
              if (advance === 0) break;
              k += advance;
            }
            if (si === 0) {
              const x = mx * bh + bx;
              const y = my * bv + by;
              if (x < columns && y < rows) {
                // The mean, DC * q0 / 8 + 128, rounded half up and held to 0..255, in integers: the float
                // division and rounding cost a tenth of the scan.
                const dc = preds[0]! * q0;
                means[y * columns + x] = dc <= -1028 ? 0 : dc >= 1020 ? 255 : (dc + 1028) >> 3;
              }
            }
          }
        }
      }
    }
    if ((over || bit > endBits) && my < mcuRows - 1) return undefined; // the scan ended early
  }
  return { columns, rows, means };
}
