/** Redis connection settings from a URL, and the names of the queues and keys the fleet shares. */
import { ArenaError, ErrorCode } from '../../../protocol/index.js';

/** Connection options BullMQ and ioredis both take. */
export interface RedisConnection {
  readonly host: string;
  readonly port: number;
  readonly db?: number;
  readonly username?: string;
  readonly password?: string;
}

/** Parses `redis://[user:pass@]host[:port][/db]`; BAD_CONFIG otherwise. */
export function parseRedisUrl(text: string): RedisConnection {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `--redis takes a URL like redis://127.0.0.1:6379 (got '${text}')`);
  }
  if (url.protocol !== 'redis:') throw new ArenaError(ErrorCode.BAD_CONFIG, `--redis takes a redis:// URL (got '${text}')`);
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : undefined;
  if (db !== undefined && (!Number.isInteger(db) || db < 0)) throw new ArenaError(ErrorCode.BAD_CONFIG, `bad database number in '${text}'`);
  return {
    host: url.hostname || '127.0.0.1',
    port: url.port ? Number(url.port) : 6379,
    ...(db === undefined ? {} : { db }),
    ...(url.username ? { username: decodeURIComponent(url.username) } : {}),
    ...(url.password ? { password: decodeURIComponent(url.password) } : {}),
  };
}

/** The queue only one worker of a pool takes from: episodes a coordinator placed on it. */
export const workerQueue = (pool: string, name: string): string => `arena-pool-${pool}@${name}`;
/** The queue a batch's coordinator takes outcomes from. */
export const resultsQueue = (batchKey: string): string => `arena-results-${batchKey}`;
/** The set of worker queues a batch's coordinators placed episodes on: a resuming one looks there for its predecessors'. */
export const placedQueuesKey = (batchKey: string): string => `arena:placed-queues:${batchKey}`;
/** The key a worker registers under while it lives. */
export const workerKey = (pool: string, name: string): string => `arena:worker:${pool}:${name}`;
/** The hash that carries a run directory's files back to the coordinator. */
export const filesKey = (jobId: string): string => `arena:files:${jobId}`;
/** The sorted sets of an endpoint's leases and recent starts. */
export const limitKeys = (endpoint: string): [string, string] => [`arena:limit:${endpoint}:leases`, `arena:limit:${endpoint}:starts`];
