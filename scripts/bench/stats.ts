/** Timing helpers for the benchmark: repeated runs, medians, and a table of ratios. */
export interface Timing {
  /** Median over repeats of the per-item time, ms. */
  readonly perItemMs: number;
  /** Items per second at that median. */
  readonly perSecond: number;
  /**
   * Median over repeats of the process's CPU time per item (user and system, every thread), ms: other
   * processes on a shared machine disturb it far less than wall time.
   */
  readonly cpuPerItemMs?: number;
}

/** Runs `body` (which processes `items` items) `repeats` times after a warm-up; returns the medians. */
export async function measure(items: number, repeats: number, body: () => Promise<void>): Promise<Timing> {
  await body();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < repeats; r++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    await body();
    times.push((performance.now() - t0) / items);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000 / items);
  }
  const perItemMs = median(times);
  return { perItemMs, perSecond: 1000 / perItemMs, cpuPerItemMs: median(cpu) };
}

export function row(cells: readonly (string | number)[], widths: readonly number[]): string {
  return cells.map((c, i) => String(c).padEnd(widths[i] ?? 12)).join(' ');
}

export const fmt = (n: number, digits = 2): string => n.toFixed(digits);

/** The middle value (nearest rank, the upper of the two middle ones for an even count); NaN when there are none. */
export const median = (values: readonly number[]): number => quantile(values, 0.5);

/** The q-quantile (0..1) of some values, nearest rank; NaN when there are none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
}

/** Per-round ratios of one arm against a baseline arm, summarised: median and quartiles. */
export interface RatioSpread {
  readonly median: number;
  readonly p25: number;
  readonly p75: number;
}

/** The median and quartiles of `values[i] / base[i]`, round by round. */
export function ratioSpread(values: readonly number[], base: readonly number[]): RatioSpread {
  const ratios = values.map((v, i) => v / base[i]!);
  return { median: median(ratios), p25: quantile(ratios, 0.25), p75: quantile(ratios, 0.75) };
}

/** A batch of `items` calls of `one` (given each call's index), one after another; it resolves with its ms per call. */
export const timedBatch =
  (items: number, one: (i: number) => Promise<unknown>) =>
  async (): Promise<number> => {
    const t0 = performance.now();
    for (let i = 0; i < items; i++) await one(i);
    return (performance.now() - t0) / items;
  };

/**
 * Runs every arm once per round, `rounds` times, the order rotated each round so that drift on a busy
 * machine falls on all arms alike; returns each arm's times (ms, one per round, in round order).
 */
export async function interleaved(rounds: number, arms: readonly (() => Promise<number>)[]): Promise<number[][]> {
  const times = arms.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < arms.length; k++) {
      const i = (k + r) % arms.length;
      times[i]!.push(await arms[i]!());
    }
  }
  return times;
}
