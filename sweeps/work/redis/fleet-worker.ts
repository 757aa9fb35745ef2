/**
 * `arena worker`'s engine: takes the episodes a coordinator placed on it from its own queue in Redis, each on the
 * slot the coordinator named (the coordinator's slot book is the one slot chooser), plays them, sends each run
 * directory and outcome back to the coordinator's results queue. A worker that dies mid-episode stops its
 * heartbeat; the coordinator takes its episodes back once their job locks lapse and places them anew.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import { hostname } from 'node:os';
import { ErrorCode } from '../../../protocol/index.js';
import { RedisLimiter } from '../../limits/redis-limiter.js';
import type { EpisodeOutcome } from '../episode-job.js';
import { runEpisode, type EpisodeDeps, type EpisodeResolver } from '../run-episode.js';
import { WorkPayload, type ResultPayload } from './payloads.js';
import { filesKey, workerQueue, type RedisConnection } from './redis-names.js';
import { packRunDir } from './run-files.js';
import { startHeartbeat, type SlotInfo } from './worker-registry.js';
import { wait } from '../../limits/endpoint-limiter.js';
import type { EpisodeJob } from '../episode-job.js';

export interface FleetWorkerOptions {
  readonly connection: RedisConnection;
  readonly pool: string;
  readonly slots: number;
  readonly name: string;
  /** Games this host can play. */
  readonly games: readonly string[];
  /** Where run directories are written before they are sent back. */
  readonly workDir: string;
  /** Turns a job into its match (see EpisodeDeps). */
  readonly resolve: EpisodeResolver;
  /** Job lock time: a worker silent this long counts as dead and its episode is replayed (default 30 s). */
  readonly lockMs?: number;
  /** Times an episode may stall (its worker silent past the lock) and be handed on before it fails as WORKER_LOST (default 3). */
  readonly stallLimit?: number;
  readonly heartbeatMs?: number;
  readonly log?: (line: string) => void;
  /**
   * Plays this much slower than it could (a simulated slower GPU host): after each episode it waits
   * `wallMs x (1 / speedFactor - 1)` before the slot is free (default 1).
   */
  readonly speedFactor?: number;
  /** Short episodes played at start to measure the speed it advertises (0: advertise `speedFactor`; default 1). */
  readonly calibrate?: number;
  /** Frame sizes this host serves (absent: any). */
  readonly frames?: readonly { readonly width: number; readonly height: number }[];
  /**
   * Build slots with a build of their own, one per slot in slot order (as many as `slots`): the game each runs and
   * its address (`remote-input://HOST:PORT`, or a GameLink `ws://` URL). An episode a slot takes plays on that
   * slot's build, and the slot plays only that game; heartbeats advertise each slot's game and address.
   */
  readonly builds?: readonly SlotBuild[];
}

/** One build slot's own build: the game it runs and where it listens. */
export interface SlotBuild {
  readonly game: string;
  readonly address: string;
}

/** A running worker; `close` lets running episodes finish, then leaves. */
export interface FleetWorker {
  readonly name: string;
  close(): Promise<void>;
}

const FILES_TTL_S = 7 * 24 * 3600;
/** The calibration's reference: ms a calibration episode takes on a reference host. */
const CALIBRATION_REF_MS = 1000;

/** The short episode a worker times to measure its speed, and replays on a slot as its health check. */
export function calibrationJob(game: string, variant: string, name: string): EpisodeJob {
  return {
    id: `calibration-${name}`.replace(/[^A-Za-z0-9_.+-]/g, '_'),
    batch: 'calibration',
    cell: 'calibration',
    cellInfo: { game, variant, clock: 'pdq', latency: 'none', lineup: ['idle'] },
    episode: 0,
    seed: 1,
    pool: 'calibration',
    agents: [{ slot: 0, label: 'idle', kind: 'idle' }],
    stepBudget: 2,
    observationDelayMs: 0,
  };
}

/**
 * Build slots: which map each has open and what each plays. A job plays on the slot its coordinator named, once that
 * slot is free (a slot with a build of its own plays only that build's game).
 */
class Slots {
  readonly states: SlotInfo[];
  private readonly waiting: (() => void)[] = [];
  constructor(n: number, builds: readonly SlotBuild[] = []) {
    this.states = Array.from({ length: n }, (_, i) => ({ busy: false, checks: 0, ...(builds[i] ? { build: builds[i].game, address: builds[i].address } : {}) }));
  }
  async take(slot: number, job: string): Promise<number> {
    const i = Math.min(slot, this.states.length - 1);
    while (this.states[i]!.busy) await new Promise<void>((r) => this.waiting.push(r));
    Object.assign(this.states[i]!, { busy: true, job });
    return i;
  }
  release(i: number): void {
    this.states[i]!.busy = false;
    for (const wake of this.waiting.splice(0)) wake();
  }
  /** The slot's outcome is sent: it no longer names the attempt (unless it took the next one already). */
  sent(i: number, job: string): void {
    if (this.states[i]!.job === job) delete this.states[i]!.job;
  }
  /** A job as this slot plays it: on the slot's own build when it has one. */
  at(i: number, job: EpisodeJob): EpisodeJob {
    const address = this.states[i]?.address;
    return address === undefined ? job : { ...job, env: address };
  }
}

export async function startFleetWorker(o: FleetWorkerOptions): Promise<FleetWorker> {
  const log = o.log ?? ((line: string) => void process.stderr.write(`${line}\n`));
  // One command connection for everything this worker sends (results, run files, limits, heartbeats, its
  // queue's own commands), however many episodes it plays at once; BullMQ adds its queue's blocking one.
  const redis = new Redis({ ...o.connection, maxRetriesPerRequest: null, connectionName: `arena-worker-${o.name}`.replace(/[^A-Za-z0-9_.:-]/g, '_') });
  redis.on('error', () => undefined);
  const games = new Set(o.games);
  const resultQueues = new Map<string, Queue>();
  const lockMs = o.lockMs ?? 30_000;
  const stallLimit = o.stallLimit ?? 3;
  mkdirSync(o.workDir, { recursive: true });

  if (o.builds && o.builds.length !== o.slots) throw new Error(`${o.builds.length} build address(es) for ${o.slots} slot(s): one per slot`);
  const unbuilt = o.builds ? o.games.filter((g) => !o.builds!.some((b) => b.game === g)) : [];
  if (unbuilt.length > 0) throw new Error(`no slot has a build of ${unbuilt.join(', ')}`);
  const slots = new Slots(o.slots, o.builds);
  let beat: () => void = () => undefined;
  const slowdown = (wallMs: number): Promise<void> => ((o.speedFactor ?? 1) < 1 ? wait(wallMs * (1 / o.speedFactor! - 1)) : Promise.resolve());
  const deps = (worker: string): EpisodeDeps => ({ resolve: o.resolve, runsDir: o.workDir, worker });
  /** The slot's build crashed on this map: it stays off it until a short episode of that map plays through. */
  const healthCheck = async (slot: number, episode: EpisodeJob): Promise<void> => {
    const check = await runEpisode(slots.at(slot, { ...calibrationJob(episode.cellInfo.game, episode.cellInfo.variant, `${o.name}-check-${slot}`), ...(episode.env ? { env: episode.env } : {}), ...(episode.maps ? { maps: episode.maps } : {}) }), deps(o.name));
    rmSync(join(o.workDir, check.id), { recursive: true, force: true });
    if (check.status === 'complete') {
      const s = slots.states[slot]!;
      delete s.crashed;
      s.checks++;
      s.warm = { game: episode.cellInfo.game, map: episode.cellInfo.variant };
      log(`${o.name}: slot ${slot} passed its health check on ${episode.cellInfo.game}/${episode.cellInfo.variant}`);
    }
  };

  const play = async (job: Job): Promise<{ id: string }> => {
    const payload = WorkPayload.parse(job.data);
    const episode = payload.job;
    let outcome: EpisodeOutcome;
    let slot: number | undefined;
    if (!games.has(episode.cellInfo.game)) {
      const message = `worker ${o.name} in pool ${o.pool} has no ${episode.cellInfo.game}`;
      outcome = { id: episode.id, status: 'failed', reason: ErrorCode.UNKNOWN_GAME, failure: { code: ErrorCode.UNKNOWN_GAME, class: 'infrastructure', message }, simMs: 0, players: [], dir: join('runs', episode.id), worker: o.name, wallMs: 0 };
    } else {
      slot = await slots.take(payload.placed.slot, job.id!);
      const state = slots.states[slot]!;
      const map = { game: episode.cellInfo.game, map: episode.cellInfo.variant };
      const load = state.warm?.game !== map.game ? 'launch' : state.warm.map !== map.map ? 'map' : 'warm';
      state.warm = map;
      beat();
      try {
        log(`${o.name}: slot ${slot} (${load}) takes ${episode.id}${state.address === undefined ? '' : ` on ${state.address}`}`);
        log(`${o.name}: ${episode.id} (attempt ${payload.attempt}) starts`);
        outcome = await runEpisode(slots.at(slot, episode), { ...deps(o.name), limiter: new RedisLimiter(redis, payload.endpoints) });
        await slowdown(outcome.wallMs);
        if (outcome.failure?.class === 'infrastructure') {
          state.crashed = map;
          delete state.warm;
          void healthCheck(slot, episode).finally(() => beat());
        }
      } finally {
        slots.release(slot);
        beat();
      }
    }
    let files: string | null = null;
    if (episode.shared === undefined) {
      files = filesKey(job.id!);
      const dir = join(o.workDir, episode.id);
      await packRunDir(redis, files, dir, FILES_TTL_S);
      rmSync(dir, { recursive: true, force: true });
    }
    let results = resultQueues.get(payload.results);
    if (!results) {
      // Queue objects on the shared connection cost no connection; keep the last few coordinators' only.
      if (resultQueues.size >= 32) {
        const [oldest, q] = resultQueues.entries().next().value!;
        resultQueues.delete(oldest);
        void q.close().catch(() => undefined);
      }
      resultQueues.set(payload.results, (results = new Queue(payload.results, { connection: redis, streams: { events: { maxLen: 100 } } })));
    }
    const result: ResultPayload = { job: episode, attempt: payload.attempt, outcome, files };
    await results.add('outcome', result, { jobId: job.id!, removeOnComplete: true, removeOnFail: { age: FILES_TTL_S } });
    // Until here the heartbeat named this attempt, so a coordinator that finds its job gone from Redis (restarted)
    // waits for it rather than placing it again.
    if (slot !== undefined) slots.sent(slot, job.id!);
    beat();
    log(`${o.name}: ${episode.id} ${outcome.status} ${outcome.reason}`);
    return { id: episode.id };
  };

  // Speed: the calibration's reference time over this host's time for the same short episode (its slowdown too).
  let speed = o.speedFactor ?? 1;
  const calibrations = o.calibrate ?? 1;
  if (calibrations > 0) {
    // On slot 0's build when slots have builds of their own.
    const game = o.builds?.[0]?.game ?? (games.has('last_stand') ? 'last_stand' : [...games][0]!);
    let total = 0;
    for (let i = 0; i < calibrations; i++) {
      const c = await runEpisode(slots.at(0, calibrationJob(game, 'origin', `${o.name}-calibration`)), deps(o.name));
      rmSync(join(o.workDir, c.id), { recursive: true, force: true });
      await slowdown(c.wallMs);
      total += c.wallMs / Math.min(1, o.speedFactor ?? 1);
    }
    speed = Math.round((CALIBRATION_REF_MS / (total / calibrations)) * 1000) / 1000;
  }

  // Episodes a coordinator placed on this worker, under either placement.
  const placed = new Worker(workerQueue(o.pool, o.name), play, { connection: redis, concurrency: o.slots, lockDuration: lockMs, stalledInterval: lockMs, maxStalledCount: stallLimit });
  placed.on('error', (err) => log(`${o.name}: redis: ${err.message}`));
  // An episode of this worker's queue whose lock lapsed (an earlier process under this name died playing it).
  placed.on('stalled', (id: string) => log(`${o.name}: ${id} stalled (its worker was silent past the ${lockMs} ms lock); it is played again`));
  await placed.waitUntilReady();
  const startedAt = new Date().toISOString();
  const heart = startHeartbeat(
    redis,
    () => ({ name: o.name, pool: o.pool, slots: o.slots, games: [...games], host: hostname(), pid: process.pid, startedAt, queue: workerQueue(o.pool, o.name), speed, stallLimit, slotStates: slots.states.map((x) => ({ ...x })), ...(o.frames ? { frames: o.frames.map((f) => ({ ...f })) } : {}) }),
    o.heartbeatMs ?? 1000,
  );
  beat = heart.beat;
  log(`worker ${o.name}: pool ${o.pool}, ${o.slots} slot(s), speed ${speed}, games ${[...games].join(', ')}`);
  return {
    name: o.name,
    close: async () => {
      await heart.stop();
      await placed.close();
      await Promise.all([...resultQueues.values()].map((q) => q.close()));
      redis.disconnect();
    },
  };
}
