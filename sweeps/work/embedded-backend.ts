/** The default backend: K episodes at once in this process, no service needed. */
import { LocalLimiter, type EndpointLimiter } from '../limits/endpoint-limiter.js';
import type { EndpointLimits } from '../spec/sweep-spec.js';
import { runEpisode, type EpisodeDeps } from './run-episode.js';
import { runPool, type WorkBackend, type WorkItem, type WorkSignals, type WorkSink } from './work-backend.js';

export interface EmbeddedOptions extends Omit<EpisodeDeps, 'signal' | 'limiter' | 'worker'> {
  /** Episodes at once (default 1). */
  readonly parallel?: number;
  readonly endpoints?: Readonly<Record<string, EndpointLimits>>;
  /** A limiter to use instead of one of this process's own. */
  readonly limiter?: EndpointLimiter;
}

export class EmbeddedBackend implements WorkBackend {
  readonly name = 'embedded';
  private readonly limiter: EndpointLimiter;

  constructor(private readonly options: EmbeddedOptions) {
    this.limiter = options.limiter ?? new LocalLimiter(options.endpoints ?? {});
  }

  async run(items: readonly WorkItem[], sink: WorkSink, signals: WorkSignals): Promise<void> {
    await runPool(items, this.options.parallel ?? 1, signals.stop, async (item) => {
      sink.onStart?.(item, 'local');
      const outcome = await runEpisode(item.job, { ...this.options, ...(item.runsDir === undefined ? {} : { runsDir: item.runsDir }), limiter: this.limiter, worker: 'local', signal: signals.abort });
      await sink.onOutcome(item, outcome);
    });
  }

  async close(): Promise<void> {
    await this.limiter.close();
  }
}
