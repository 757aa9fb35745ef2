/**
 * The Huffman tables of a JPEG scan as the DC reader (jpeg-dc.ts) uses them: DC codes looked up DC_BITS bits
 * at a time; AC codes only skipped, AC_BITS bits at a time, each look-up passing the window's first
 * coefficient (code and magnitude bits together) and the next one where the window holds it whole. The
 * tables are built per frame where the encoder optimises them per image, so they stay small (4096 entries),
 * and kept for the next frame where it does not (`HuffmanTables`).
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
  /** The entry's symbols in code order (a copy: the tables outlive the frame). */
  symbols: Uint8Array;
}

/** How far an AC symbol (run << 4 | size) moves along its block: 0 ends it (end of block, or a run with no size but sixteen zeros). */
export const acAdvance = (rs: number): number => ((rs & 15) !== 0 ? (rs >> 4) + 1 : rs === 0xf0 ? 16 : 0);

// Entry bits of one coefficient longer than this are left to the canonical path (a refill guarantees 25 bits).
const MAX_ONE = 25;

// The symbols of a DHT entry: 256 at most unless it is malformed.
const SYMBOLS = 256;

const emptyHuffman = (ac: boolean): Huffman => ({
  fast: new Uint16Array(ac ? 0 : 1 << DC_BITS),
  skip: new Int32Array(ac ? 1 << AC_BITS : 0),
  maxCode: new Int32Array(18),
  offset: new Int32Array(18),
  symbols: new Uint8Array(SYMBOLS).subarray(0, 0),
});

// AC: the codes that fit in the window, in code order (so by length), as (code << 16) | (length << 8) | symbol;
// scratch of every build.
const windowCodes = new Int32Array(1 << AC_BITS);

/**
 * The tables of one DHT entry: `counts` per code length 1..16, `symbols` in code order, built into `into`'s
 * arrays where given (every entry of them is written).
 */
export function buildHuffman(ac: boolean, counts: Uint8Array, symbols: Uint8Array, into: Huffman = emptyHuffman(ac)): Huffman {
  const bits = ac ? AC_BITS : DC_BITS;
  const { fast, maxCode, offset } = into;
  if (!ac) fast.fill(0);
  const room = into.symbols.buffer.byteLength >= symbols.length ? into.symbols.buffer : new ArrayBuffer(Math.max(SYMBOLS, symbols.length));
  into.symbols = new Uint8Array(room, 0, symbols.length);
  into.symbols.set(symbols);
  maxCode.fill(-1);
  offset.fill(0);
  let code = 0;
  let k = 0;
  let inWindow = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    offset[len] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      // Tables that claim more codes than their lengths hold are cut at the window.
      if (len > bits || code >= 1 << len) continue;
      const symbol = symbols[k]!;
      if (!ac) fast.fill((len << 8) | symbol, code << (bits - len), (code + 1) << (bits - len));
      else windowCodes[inWindow++] = (code << 16) | (len << 8) | symbol;
    }
    maxCode[len] = n > 0 ? code - 1 : -1;
    code <<= 1;
  }
  if (ac) runs(into.skip, inWindow);
  return into;
}

// AC: what a second whole coefficient in the r bits after the first adds to a look-up entry, at (1 << r) + those
// bits, for r from 1 to AC_BITS - 1 (0 where none fits); scratch of every build.
const seconds = new Int32Array(1 << AC_BITS);

/**
 * The AC look-up entries from the first `count` of `windowCodes`: each window's first coefficient (code and
 * magnitude bits), and the next where it fits in the window. The windows of one first coefficient differ only in
 * the bits after it, so what they add for the second one is read from `seconds`, which depends on nothing else;
 * `seconds` and `skip` are both written a code's range at a time.
 */
function runs(skip: Int32Array, count: number): void {
  for (let r = 1; r < AC_BITS; r++) {
    const at = 1 << r;
    seconds.fill(0, at, 2 * at);
    for (let i = 0; i < count; i++) {
      const c = windowCodes[i]!;
      const len = (c >> 8) & 255;
      if (len > r) break;
      const symbol = c & 255;
      const bits = len + (symbol & 15);
      if (bits > r) continue;
      const second = acAdvance(symbol);
      const part = second === 0 ? bits + (1 << 5) + RUN_ENDS : bits + (second << 5);
      const from = at + ((c >>> 16) << (r - len));
      const to = from + (1 << (r - len));
      for (let x = from; x < to; x++) seconds[x] = part;
    }
  }
  skip.fill(0);
  for (let i = 0; i < count; i++) {
    const c = windowCodes[i]!;
    const len = (c >> 8) & 255;
    const symbol = c & 255;
    const fBits = len + (symbol & 15);
    if (fBits > MAX_ONE) continue;
    const advance = acAdvance(symbol);
    const from = (c >>> 16) << (AC_BITS - len);
    const to = ((c >>> 16) + 1) << (AC_BITS - len);
    if (advance === 0) {
      skip.fill(fBits | (1 << 5) | RUN_ENDS | (fBits << 13), from, to);
      continue;
    }
    // Entry fields do not overlap, so adding the second coefficient's part is or-ing it in.
    const entry = fBits | (advance << 5) | (fBits << 13) | (advance << 18);
    if (fBits >= AC_BITS) {
      skip.fill(entry, from, to);
      continue;
    }
    const at = 1 << (AC_BITS - fBits);
    for (let w = from; w < to; w += at) for (let x = 0; x < at; x++) skip[w + x] = entry + seconds[at + x]!;
  }
}

/**
 * The built tables of the DHT entry last seen for each class and id, with that entry's bytes. A frame whose
 * encoder keeps its tables (the same bytes as the frame before) takes them as built; another one's are
 * rebuilt into the same arrays. The tables returned are valid until the next `table` call for that class and id.
 */
export class HuffmanTables {
  private readonly slots: ({ key: Uint8Array; keyLength: number; table: Huffman } | undefined)[] = [];
  /** Tables built so far (a cache miss each). */
  built = 0;

  /** The tables of a DHT entry: `entry` is its counts (16 bytes) and then its symbols. */
  table(ac: boolean, id: number, entry: Uint8Array): Huffman {
    const slotIndex = (ac ? 16 : 0) + (id & 15);
    let slot = this.slots[slotIndex];
    if (slot && slot.keyLength === entry.length && sameBytes(slot.key, entry)) return slot.table;
    slot ??= this.slots[slotIndex] = { key: new Uint8Array(16 + 256), keyLength: 0, table: emptyHuffman(ac) };
    slot.keyLength = 0;
    buildHuffman(ac, entry.subarray(0, 16), entry.subarray(16), slot.table);
    slot.key.set(entry.subarray(0, slot.key.length));
    slot.keyLength = entry.length;
    this.built++;
    return slot.table;
  }
}

function sameBytes(key: Uint8Array, entry: Uint8Array): boolean {
  for (let i = 0; i < entry.length; i++) if (key[i] !== entry[i]) return false;
  return true;
}

/** The symbol of the code at the head of `word` (the next 16 bits), as `(code length << 8) | symbol`, or -1 for no code. */
export function slowDecode(t: Huffman, word: number): number {
  for (let len = 1; len <= 16; len++) {
    const code = word >>> (16 - len);
    if (code <= t.maxCode[len]!) return (len << 8) | t.symbols[code + t.offset[len]!]!;
  }
  return -1;
}
