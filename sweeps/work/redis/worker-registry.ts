/** Workers announce themselves under a key that expires unless their heartbeat renews it. */
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { workerKey } from './redis-names.js';

export const WorkerInfo = z.strictObject({
  name: z.string(),
  pool: z.string(),
  slots: z.number().int().min(1),
  games: z.array(z.string()),
  host: z.string(),
  pid: z.number(),
  startedAt: z.string(),
});
export type WorkerInfo = z.infer<typeof WorkerInfo>;

/** Registers `info` now and every `everyMs`; the returned function stops and deregisters. */
export function startHeartbeat(redis: Redis, info: WorkerInfo, everyMs: number): () => Promise<void> {
  const key = workerKey(info.pool, info.name);
  const beat = (): Promise<unknown> => redis.set(key, JSON.stringify(info), 'PX', everyMs * 3).catch(() => undefined);
  void beat();
  const timer = setInterval(() => void beat(), everyMs);
  return async () => {
    clearInterval(timer);
    await redis.del(key).catch(() => undefined);
  };
}

/** The workers of `pool` whose heartbeat is alive. */
export async function listWorkers(redis: Redis, pool: string): Promise<WorkerInfo[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, found] = await redis.scan(cursor, 'MATCH', workerKey(pool, '*'), 'COUNT', 200);
    cursor = next;
    keys.push(...found);
  } while (cursor !== '0');
  if (keys.length === 0) return [];
  const values = await redis.mget(...keys);
  return values.flatMap((v) => {
    const parsed = v === null ? undefined : WorkerInfo.safeParse(JSON.parse(v));
    return parsed?.success ? [parsed.data] : [];
  });
}

/** A default worker name: host and process id. */
export const defaultWorkerName = (): string => `${hostname()}-${process.pid}`;
