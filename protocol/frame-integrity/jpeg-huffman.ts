/**
 * The Huffman tables of a JPEG scan as the DC reader (jpeg-dc.ts) uses them: DC codes looked up DC_BITS bits
 * at a time; AC codes only skipped, AC_BITS bits at a time, each look-up passing the window's first
 * coefficient (code and magnitude bits together) and the next one where the window holds it whole. The
 * tables are built per frame (encoders optimise them per image), so they stay small: 4096 entries.
 */

/** A DC look-up reads this many bits; an AC look-up, AC_BITS. */
export const DC_BITS = 10;
export const AC_BITS = 12;

/**
 * AC look-up entries (Int32), for the window of the next AC_BITS bits; 0 when its first code is longer
 * than the window (the caller decodes that one the canonical way):
 * - `& RUN_BITS`: bits of the one or two whole coefficients the window holds, codes and magnitudes;
 * - `>> 5 & 127`: how far they move along the block, plus one when they end it (`& RUN_ENDS`);
 * - `>> 13 & 31`: bits of the first coefficient alone; `>>> 18`: how far it moves (0: it ends the block).
 * A run may be taken whole only where the block has room for it: position + its move is 64 or less.
 */
export const RUN_BITS = 31;
export const RUN_ENDS = 1 << 12;

export interface Huffman {
  /** DC tables: (code length << 8) | symbol for every DC_BITS-bit window whose code is at most that long, else 0. */
  readonly fast: Uint16Array;
  /** AC tables: the look-up entries above, one per AC_BITS-bit window. */
  readonly skip: Int32Array;
  /** Per code length 1..16: largest code (-1 for none), offset from a code to its index in `symbols`. */
  readonly maxCode: Int32Array;
  readonly offset: Int32Array;
  readonly symbols: Uint8Array;
}

const NO_FAST = new Uint16Array(0);
const NO_SKIP = new Int32Array(0);

/** How far an AC symbol (run << 4 | size) moves along its block: 0 ends it (end of block, or a run with no size but sixteen zeros). */
export const acAdvance = (rs: number): number => ((rs & 15) !== 0 ? (rs >> 4) + 1 : rs === 0xf0 ? 16 : 0);

// Entry bits of one coefficient longer than this are left to the canonical path (a refill guarantees 25 bits).
const MAX_ONE = 25;

/** The tables of one DHT entry: `counts` per code length 1..16, `symbols` in code order. */
export function buildHuffman(ac: boolean, counts: Uint8Array, symbols: Uint8Array): Huffman {
  const bits = ac ? AC_BITS : DC_BITS;
  const size = 1 << bits;
  const fast = ac ? NO_FAST : new Uint16Array(size);
  // AC: the first coefficient of each window, (code + magnitude bits) | advance << 5.
  const first = ac ? new Int32Array(size) : NO_SKIP;
  const maxCode = new Int32Array(18).fill(-1);
  const offset = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    offset[len] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      if (len > bits) continue;
      const shift = bits - len;
      // Tables that claim more codes than their lengths hold are cut at the window.
      const from = Math.min(size, code << shift);
      const to = Math.min(size, (code + 1) << shift);
      const symbol = symbols[k]!;
      if (!ac) fast.fill((len << 8) | symbol, from, to);
      else if (len + (symbol & 15) <= MAX_ONE) first.fill(len + (symbol & 15) + (acAdvance(symbol) << 5), from, to);
    }
    maxCode[len] = n > 0 ? code - 1 : -1;
    code <<= 1;
  }
  return { fast, skip: ac ? runs(first) : NO_SKIP, maxCode, offset, symbols };
}

/** The AC look-up entries from each window's first coefficient: that one, and the next where it fits in the window. */
function runs(first: Int32Array): Int32Array {
  const skip = new Int32Array(1 << AC_BITS);
  const mask = (1 << AC_BITS) - 1;
  for (let w = 0; w < skip.length; w++) {
    const f = first[w]!;
    if (f === 0) continue;
    const fBits = f & 31;
    const advance = f >> 5;
    let run: number;
    if (advance === 0) run = fBits | (1 << 5) | RUN_ENDS;
    else {
      run = fBits | (advance << 5);
      const g = fBits < AC_BITS ? first[(w << fBits) & mask]! : 0;
      const gBits = g & 31;
      if (g !== 0 && fBits + gBits <= AC_BITS) {
        const second = g >> 5;
        run = (fBits + gBits) | ((advance + (second === 0 ? 1 : second)) << 5) | (second === 0 ? RUN_ENDS : 0);
      }
    }
    skip[w] = run | (fBits << 13) | (advance << 18);
  }
  return skip;
}

/** The symbol of the code at the head of `word` (the next 16 bits), as `(code length << 8) | symbol`, or -1 for no code. */
export function slowDecode(t: Huffman, word: number): number {
  for (let len = 1; len <= 16; len++) {
    const code = word >>> (16 - len);
    if (code <= t.maxCode[len]!) return (len << 8) | t.symbols[code + t.offset[len]!]!;
  }
  return -1;
}
