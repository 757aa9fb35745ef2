/** Workers announce themselves under a key that expires unless their heartbeat renews it. */
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import { z } from 'zod';
import { workerKey } from './redis-names.js';

const Warm = z.strictObject({ game: z.string(), map: z.string() });

/** One build slot as its worker advertises it: the map it has open, whether it plays, a crash not yet checked. */
export const SlotInfo = z.strictObject({
  warm: Warm.optional(),
  busy: z.boolean(),
  /** The map this slot's build crashed on; cleared by a passed health check. */
  crashed: Warm.optional(),
  /** Health checks passed so far. */
  checks: z.number().int().min(0),
  /** A slot with a build of its own (`arena worker --builds`): the game it runs and its RemoteInput address. */
  build: z.string().optional(),
  address: z.string().optional(),
  /** The attempt (its queue job id) this slot plays, kept until its outcome is sent back. */
  job: z.string().optional(),
});
export type SlotInfo = z.infer<typeof SlotInfo>;

/** What a worker advertises in its heartbeat: what it can play, how fast, and what each slot has open. */
export const WorkerInfo = z.strictObject({
  name: z.string(),
  pool: z.string(),
  slots: z.number().int().min(1),
  games: z.array(z.string()),
  host: z.string(),
  pid: z.number(),
  startedAt: z.string(),
  /** The queue only this worker takes from (placed episodes). */
  queue: z.string().optional(),
  /** Measured speed: the calibration's reference time over its measured time (1: as fast as the reference). */
  speed: z.number().positive().optional(),
  /** Frame sizes it serves (absent: any). */
  frames: z.array(z.strictObject({ width: z.number().int(), height: z.number().int() })).optional(),
  /** Times an episode of its may stall (it went silent past its job lock) before it fails as WORKER_LOST. */
  stallLimit: z.number().int().min(0).optional(),
  /** Its build slots, kept current by each heartbeat. */
  slotStates: z.array(SlotInfo).optional(),
});
export type WorkerInfo = z.infer<typeof WorkerInfo>;

/** Registers `info` (read anew each beat) now and every `everyMs`; `beat` sends one at once; `stop` deregisters. */
export function startHeartbeat(redis: Redis, info: () => WorkerInfo, everyMs: number): { beat: () => void; stop: () => Promise<void> } {
  const key = workerKey(info().pool, info().name);
  const beat = (): Promise<unknown> => redis.set(key, JSON.stringify(info()), 'PX', everyMs * 3).catch(() => undefined);
  void beat();
  const timer = setInterval(() => void beat(), everyMs);
  return { beat: () => void beat(), stop: async () => {
    clearInterval(timer);
    await redis.del(key).catch(() => undefined);
  } };
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
