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
    return this.mean(job) ?? this.prior(job);
  }

  /** The cell's mean so far, else the game's; undefined before either has an outcome. */
  mean(job: Pick<CostInput, 'cell' | 'game'>): number | undefined {
    return this.cellMean(job.cell) ?? this.gameMean(job.game);
  }

  cellMean(cell: string): number | undefined {
    const seen = this.cells.get(cell);
    return seen && seen.sum / seen.n;
  }

  gameMean(game: string): number | undefined {
    const seen = this.games.get(game);
    return seen && seen.sum / seen.n;
  }

  /** The expected ms before any history: steps x the step prior x the frame's pixels over 640x360 (at least 1). */
  prior(job: Pick<CostInput, 'stepBudget' | 'frame'>): number {
    const pixels = job.frame ? (job.frame.width * job.frame.height) / (640 * 360) : 1;
    return (job.stepBudget ?? 100) * this.stepMs * Math.max(1, pixels);
  }
}
