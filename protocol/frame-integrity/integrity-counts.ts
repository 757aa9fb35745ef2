/** Counts of frame verdicts over a run (run.json's `frameIntegrity`), and the stale share reports show. */
import { STALE_VERDICTS, type FrameVerdict } from './assess.js';

/** How many observations got each verdict, with the stale share among them. */
export interface IntegrityCounts {
  readonly observations: number;
  readonly verdicts: Readonly<Partial<Record<FrameVerdict, number>>>;
  /** Observations asked for again under the `retry` policy. */
  readonly retried: number;
  /** Stale observations (duplicate, near duplicate, late, truncated) over all observations; 0 with none. */
  readonly staleShare: number;
}

/** Counts verdicts as they come. */
export class IntegrityTally {
  private observations = 0;
  private retried = 0;
  private readonly verdicts = new Map<FrameVerdict, number>();

  add(verdict: FrameVerdict, retried = 0): void {
    this.observations++;
    if (retried > 0) this.retried++;
    this.verdicts.set(verdict, (this.verdicts.get(verdict) ?? 0) + 1);
  }

  get counts(): IntegrityCounts {
    let stale = 0;
    for (const [v, n] of this.verdicts) if (STALE_VERDICTS.has(v)) stale += n;
    return { observations: this.observations, verdicts: Object.fromEntries(this.verdicts), retried: this.retried, staleShare: this.observations === 0 ? 0 : stale / this.observations };
  }
}
