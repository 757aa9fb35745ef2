/** What an episode is expected to cost before it runs: its cell's history when there is one, else its size. */

/** The shape of a job that prices it. */
export interface CostInput {
  readonly cell: string;
  readonly game: string;
  readonly stepBudget?: number | undefined;
  readonly frame?: { readonly width: number; readonly height: number } | undefined;
}

/** Mean play time per cell, normalised to a worker of speed 1, from the outcomes seen so far. */
export class CostModel {
  private readonly cells = new Map<string, { sum: number; n: number }>();
  private readonly games = new Map<string, { sum: number; n: number }>();

  /** @param stepMs the prior for a step at speed 1 and 640x360, before any episode of the game came back. */
  constructor(private readonly stepMs = 50) {}

  /** Adds an outcome: `wallMs` measured on a worker of `speed`. */
  observe(job: CostInput, wallMs: number, speed: number): void {
    const ms = wallMs * speed;
    for (const [map, key] of [[this.cells, job.cell], [this.games, job.game]] as const) {
      const e = map.get(key) ?? { sum: 0, n: 0 };
      map.set(key, { sum: e.sum + ms, n: e.n + 1 });
    }
  }

  /** Expected ms at speed 1: the cell's mean, else the game's, else steps x the step prior x the frame's pixels. */
  expected(job: CostInput): number {
    const seen = this.cells.get(job.cell) ?? this.games.get(job.game);
    if (seen) return seen.sum / seen.n;
    const pixels = job.frame ? (job.frame.width * job.frame.height) / (640 * 360) : 1;
    return (job.stepBudget ?? 100) * this.stepMs * Math.max(1, pixels);
  }
}
