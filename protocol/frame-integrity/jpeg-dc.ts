/**
 * The mean gray level of every 8 x 8 luma block of a baseline JPEG, read from the DC coefficients of its
 * entropy-coded scan: no inverse DCT, no colour conversion, no chroma kept. The AC coefficients are decoded
 * only far enough to be skipped. A block's DC coefficient times its quantiser is 8 times the block's mean
 * level less 128, so the grid is the image at 1/8 scale, as exact as a full decode averaged per block.
 */

/** Luma block means, row by row, `columns` x `rows` blocks. */
export interface DcGrid {
  readonly columns: number;
  readonly rows: number;
  readonly means: Uint8Array;
}

interface Huffman {
  /** (code length << 8) | symbol for every 9-bit prefix whose code is at most 9 bits long, else 0. */
  readonly fast: Uint16Array;
  /** Per code length 1..16: largest code, offset into `symbols`, smallest code. */
  readonly maxCode: Int32Array;
  readonly offset: Int32Array;
  readonly symbols: Uint8Array;
}

const FAST_BITS = 9;

function buildHuffman(counts: Uint8Array, symbols: Uint8Array): Huffman {
  const fast = new Uint16Array(1 << FAST_BITS);
  const maxCode = new Int32Array(18).fill(-1);
  const offset = new Int32Array(18);
  let code = 0;
  let k = 0;
  for (let len = 1; len <= 16; len++) {
    const n = counts[len - 1]!;
    offset[len] = k - code;
    for (let i = 0; i < n; i++, k++, code++) {
      if (len <= FAST_BITS) {
        const shift = FAST_BITS - len;
        for (let j = 0; j < 1 << shift; j++) fast[(code << shift) | j] = (len << 8) | symbols[k]!;
      }
    }
    maxCode[len] = n > 0 ? code - 1 : -1;
    code <<= 1;
  }
  return { fast, maxCode, offset, symbols };
}

interface Component {
  readonly id: number;
  readonly h: number;
  readonly v: number;
  readonly tq: number;
}

/** Reads entropy-coded bits, unstuffing FF 00 and stopping (feeding zeros) at a marker or the end of the bytes. */
class BitReader {
  private acc = 0;
  private bits = 0;
  marker = false;
  constructor(
    private readonly data: Uint8Array,
    public at: number,
  ) {}

  private fill(): void {
    while (this.bits <= 24) {
      let byte = 0;
      // Bytes that end without a marker end the scan as a marker does.
      if (this.at >= this.data.length) this.marker = true;
      if (!this.marker) {
        byte = this.data[this.at]!;
        if (byte === 0xff) {
          const next = this.data[this.at + 1];
          if (next === 0x00) this.at += 2;
          else {
            this.marker = true;
            byte = 0;
          }
        } else this.at++;
      }
      // Bits above the `bits` newest ones are garbage that peek masks off; shifting drops them past 32.
      this.acc = (this.acc << 8) | byte;
      this.bits += 8;
    }
  }

  peek(n: number): number {
    if (this.bits < n) this.fill();
    return (this.acc >>> (this.bits - n)) & ((1 << n) - 1);
  }

  skip(n: number): void {
    if (this.bits < n) this.fill();
    this.bits -= n;
  }

  receive(n: number): number {
    if (n === 0) return 0;
    const v = this.peek(n);
    this.skip(n);
    return v;
  }

  decode(t: Huffman): number {
    const look = this.peek(FAST_BITS);
    const hit = t.fast[look]!;
    if (hit !== 0) {
      this.skip(hit >> 8);
      return hit & 0xff;
    }
    const word = this.peek(16);
    for (let len = FAST_BITS + 1; len <= 16; len++) {
      const code = word >>> (16 - len);
      if (code <= t.maxCode[len]!) {
        this.skip(len);
        return t.symbols[code + t.offset[len]!]!;
      }
    }
    throw new Error('bad Huffman code');
  }

}

const extend = (v: number, n: number): number => (v < 1 << (n - 1) ? v - (1 << n) + 1 : v);

/**
 * The luma block means of a baseline (or extended sequential) Huffman JPEG, or undefined for anything this
 * reader does not take (progressive or arithmetic coding, restart markers, a first scan without the luma
 * component, bytes that do not parse or end early): the caller then decodes it the slow way.
 */
export function jpegDcGrid(data: Uint8Array): DcGrid | undefined {
  try {
    return readDcGrid(data);
  } catch {
    return undefined;
  }
}

function readDcGrid(data: Uint8Array): DcGrid | undefined {
  if (data[0] !== 0xff || data[1] !== 0xd8) return undefined;
  const quant: (Uint16Array | undefined)[] = [];
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
      case 0xdb: // DQT
        for (let p = body; p < end; ) {
          const wide = data[p]! >> 4;
          const id = data[p]! & 15;
          const table = new Uint16Array(64);
          for (let i = 0; i < 64; i++) table[i] = wide ? (data[p + 1 + 2 * i]! << 8) | data[p + 2 + 2 * i]! : data[p + 1 + i]!;
          quant[id] = table;
          p += 1 + (wide ? 128 : 64);
        }
        break;
      case 0xc4: // DHT
        for (let p = body; p < end; ) {
          const cls = data[p]! >> 4;
          const id = data[p]! & 15;
          const counts = data.subarray(p + 1, p + 17);
          const total = counts.reduce((s, n) => s + n, 0);
          const table = buildHuffman(counts, data.subarray(p + 17, p + 17 + total));
          (cls === 0 ? dc : ac)[id] = table;
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
  readonly quant: readonly (Uint16Array | undefined)[];
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
  const inScan: { comp: Component; dc: Huffman; ac: Huffman; pred: number }[] = [];
  for (let i = 0; i < ns; i++) {
    const id = data[body + 1 + 2 * i]!;
    const sel = data[body + 2 + 2 * i]!;
    const comp = components.find((c) => c.id === id);
    const d = t.dc[sel >> 4];
    const a = t.ac[sel & 15];
    if (!comp || !d || !a) return undefined;
    inScan.push({ comp, dc: d, ac: a, pred: 0 });
  }
  if (inScan[0]?.comp !== luma) return undefined;
  const q0 = t.quant[luma.tq]?.[0];
  if (q0 === undefined) return undefined;
  const hMax = Math.max(...components.map((c) => c.h));
  const vMax = Math.max(...components.map((c) => c.v));
  const columns = Math.ceil((width * luma.h) / hMax / 8);
  const rows = Math.ceil((height * luma.v) / vMax / 8);
  const means = new Uint8Array(columns * rows);
  const reader = new BitReader(data, body + 1 + 2 * ns + 3);
  const interleaved = ns > 1;
  const mcuColumns = interleaved ? Math.ceil(width / (8 * hMax)) : columns;
  const mcuRows = interleaved ? Math.ceil(height / (8 * vMax)) : rows;
  for (let my = 0; my < mcuRows; my++) {
    for (let mx = 0; mx < mcuColumns; mx++) {
      for (let si = 0; si < inScan.length; si++) {
        const s = inScan[si]!;
        const bh = interleaved ? s.comp.h : 1;
        const bv = interleaved ? s.comp.v : 1;
        for (let by = 0; by < bv; by++) {
          for (let bx = 0; bx < bh; bx++) {
            const size = reader.decode(s.dc);
            s.pred += size === 0 ? 0 : extend(reader.receive(size), size);
            for (let k = 1; k < 64; ) {
              const rs = reader.decode(s.ac);
              const skip = rs & 15;
              if (skip === 0) {
                if (rs !== 0xf0) break;
                k += 16;
              } else {
                reader.skip(skip);
                k += (rs >> 4) + 1;
              }
            }
            if (si === 0) {
              const x = mx * bh + bx;
              const y = my * bv + by;
              if (x < columns && y < rows) {
                const mean = (s.pred * q0) / 8 + 128;
                means[y * columns + x] = mean < 0 ? 0 : mean > 255 ? 255 : Math.round(mean);
              }
            }
          }
        }
      }
    }
    if (reader.marker && my < mcuRows - 1) return undefined; // the scan ended early
  }
  return { columns, rows, means };
}
