/**
 * A log of a long match in bounded memory that still spans all of it: the newest entries are kept exact, the
 * older ones thinned evenly (every `stride`-th entry, the stride doubling whenever they fill their half), and the
 * first entry is always kept.
 */
export class ThinnedLog<T> {
  /** Older entries kept, each with its index in the log: those whose index is a multiple of `stride`. */
  private older: { readonly i: number; readonly value: T }[] = [];
  private stride = 1;
  /** The newest entries, exact; `recent[head]` is the oldest of them. */
  private recent: { readonly i: number; readonly value: T }[] = [];
  private head = 0;
  private count = 0;
  private readonly recentCap: number;
  private readonly olderCap: number;

  /** @param cap most entries kept (at least 4): half of them the newest, exact, half the older ones thinned. */
  constructor(cap: number) {
    const c = Math.max(4, Math.floor(cap));
    this.recentCap = Math.ceil(c / 2);
    this.olderCap = c - this.recentCap;
  }

  push(value: T): void {
    this.recent.push({ i: this.count++, value });
    if (this.recent.length - this.head <= this.recentCap) return;
    const out = this.recent[this.head++]!;
    if (this.head * 2 > this.recent.length) {
      this.recent = this.recent.slice(this.head);
      this.head = 0;
    }
    if (out.i % this.stride !== 0) return;
    this.older.push(out);
    if (this.older.length <= this.olderCap) return;
    this.stride *= 2;
    this.older = this.older.filter((e) => e.i % this.stride === 0);
  }

  /** The entries kept, oldest first. */
  entries(): T[] {
    return [...this.older, ...this.recent.slice(this.head)].map((e) => e.value);
  }

  /** How many entries were thinned out (pushed but not kept). */
  get left(): number {
    return this.count - this.older.length - (this.recent.length - this.head);
  }
}
