/** A small seeded PRNG (mulberry32): the only source of chance in games, random agents and synthetic latencies, so runs replay exactly. */
export class Prng {
  private a: number;

  /** `seed` is any integer; `stream` separates independent sequences from one seed. */
  constructor(seed: number, stream = 0) {
    this.a = (Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(stream >>> 0, 0xc2b2ae35)) >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.a = (this.a + 0x6d2b79f5) >>> 0;
    let t = this.a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}
