/** The work backend a batch command plays on: this process (`--parallel`), or arena workers through Redis (`--redis`). */
import { EmbeddedBackend, parseRedisUrl, RedisBackend, type Placement, type WorkBackend } from '../../sweeps/index.js';
import { usage } from '../../protocol/index.js';
import { episodeResolver } from './episode-spec.js';

/** Where a batch's episodes are played and where their run directories go. */
export interface BackendChoice {
  /** Redis URL of the fleet; absent for this process. */
  readonly redis?: string | undefined;
  /** Episodes at once in this process (with Redis, the most queued is at least 64). */
  readonly parallel: number;
  /** Where run directories are written. */
  readonly runsDir: string;
  /** The batch folder (with Redis, it names the batch's results queue). */
  readonly batchDir: string;
  /** The batch's name (with Redis, part of its results queue's name). */
  readonly batch: string;
  /** With Redis: what to do with an outcome no run asked for yet (see RedisBackendOptions). */
  readonly strays?: 'deliver' | 'hold';
  /** With Redis: how episodes are placed on the workers (default fifo). */
  readonly placement?: Placement | undefined;
}

/** A --placement flag's value, or BAD_CONFIG (usage). */
export function placementFlag(value: string | undefined): Placement | undefined {
  if (value === undefined) return undefined;
  if (value !== 'fifo' && value !== 'affinity') throw usage(`--placement takes fifo or affinity (got '${value}')`);
  return value;
}

/** The embedded backend, or the Redis one when `redis` is given; the built-in agents and `arena match`'s game resolution. */
export function batchBackend(o: BackendChoice): WorkBackend {
  return o.redis === undefined
    ? new EmbeddedBackend({ resolve: episodeResolver(), runsDir: o.runsDir, parallel: o.parallel })
    : new RedisBackend({ connection: parseRedisUrl(o.redis), batchDir: o.batchDir, runsDir: o.runsDir, batch: o.batch, window: Math.max(o.parallel, 64), ...(o.strays ? { strays: o.strays } : {}), ...(o.placement ? { placement: o.placement } : {}) });
}
