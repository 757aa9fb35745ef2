/** The work backend a batch command plays on: this process (`--parallel`), or arena workers through Redis (`--redis`). */
import { EmbeddedBackend, parseRedisUrl, RedisBackend, type EndpointLimits, type Placement, type WorkBackend } from '../../sweeps/index.js';
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
  /** Limits per endpoint that the players' decisions count against (`endpoint` of a job's player), in process and across a fleet. */
  readonly endpoints?: Readonly<Record<string, EndpointLimits>>;
  /** With Redis: most episodes queued at once (default the larger of `parallel` and 64). */
  readonly window?: number | undefined;
  /** With Redis: how long to wait for a worker of each pool, ms (default 10 s). */
  readonly waitWorkersMs?: number | undefined;
  /** With Redis: how long Redis may be unreachable before the batch stops, ms (default 15 s). */
  readonly redisTimeoutMs?: number | undefined;
  /** With Redis: the results job lock, ms (default 30 s). */
  readonly lockMs?: number | undefined;
}

/** A --placement flag's value, or BAD_CONFIG (usage). */
export function placementFlag(value: string | undefined): Placement | undefined {
  if (value === undefined) return undefined;
  if (value !== 'fifo' && value !== 'affinity') throw usage(`--placement takes fifo or affinity (got '${value}')`);
  return value;
}

/** The embedded backend, or the Redis one when `redis` is given; the built-in agents and `arena match`'s game resolution. */
export function batchBackend(o: BackendChoice): WorkBackend {
  const endpoints = o.endpoints ?? {};
  if (o.redis === undefined) return new EmbeddedBackend({ resolve: episodeResolver(), runsDir: o.runsDir, parallel: o.parallel, endpoints });
  return new RedisBackend({
    connection: parseRedisUrl(o.redis),
    batchDir: o.batchDir,
    runsDir: o.runsDir,
    batch: o.batch,
    endpoints,
    window: o.window ?? Math.max(o.parallel, 64),
    ...(o.waitWorkersMs === undefined ? {} : { waitWorkersMs: o.waitWorkersMs }),
    ...(o.redisTimeoutMs === undefined ? {} : { redisTimeoutMs: o.redisTimeoutMs }),
    ...(o.lockMs === undefined ? {} : { lockMs: o.lockMs }),
    ...(o.strays ? { strays: o.strays } : {}),
    ...(o.placement ? { placement: o.placement } : {}),
  });
}
