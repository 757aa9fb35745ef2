/**
 * A fleet of GPU hosts played in virtual time: workers with slots, speeds, a build launch and a map-open delay,
 * episodes of known length; the placement decisions are its placement policy's, the clock is an event list (a slot
 * finishing), so hours of fleet time take milliseconds. The bench compares `affinity` with `fifo` on it: the same
 * policy objects the coordinator on a fleet places with (sweeps/work/redis/slot-book.ts).
 */
import { CostModel } from './cost-model.js';
import { jobTimeMs, placementPolicy, type Placement, type SlotState, type Warm, type WorkerState } from './placement.js';
import { WaitingJobs } from './waiting-jobs.js';

/** A simulated worker: slots, speed factor, and its build's delays. */
export interface SimWorker {
  readonly name: string;
  readonly slots: number;
  readonly speed: number;
  readonly launchMs: number;
  readonly mapOpenMs: number;
}

/** A simulated episode: its cell (game, map) and its true play time at speed 1. */
export interface SimJob {
  readonly key: string;
  readonly cell: string;
  readonly game: string;
  readonly map: string;
  readonly stepBudget: number;
  readonly playMs: number;
}

/** What a simulated sweep came to. */
export interface SimResult {
  readonly makespanMs: number;
  /** Maps opened (a build launch opens one too). */
  readonly mapLoads: number;
  readonly launches: number;
  readonly episodes: number;
  /** Where each job ran, in start order. */
  readonly trace: readonly { readonly key: string; readonly worker: string; readonly slot: number; readonly startMs: number; readonly endMs: number }[];
}

interface Slot {
  warm?: Warm;
  freeAt: number;
  busy: boolean;
  running?: SimJob;
}

/** Plays `jobs` on `workers` under `placement`; every decision is its policy's, costs come from a {@link CostModel}. */
export function simulateFleet(placement: Placement, jobs: readonly SimJob[], workers: readonly SimWorker[], stepMs = 50): SimResult {
  const slots = new Map(workers.map((w) => [w.name, Array.from({ length: w.slots }, (): Slot => ({ freeAt: 0, busy: false }))]));
  const waiting = new WaitingJobs(new CostModel(stepMs));
  for (const j of jobs) waiting.add({ key: j.key, game: j.game, map: j.map, cell: j.cell, priorMs: waiting.costs.prior({ stepBudget: j.stepBudget }) });
  const byKey = new Map(jobs.map((j) => [j.key, j]));
  const byName = new Map(workers.map((w) => [w.name, w]));
  const games = [...new Set(jobs.map((j) => j.game))];
  let now = 0;
  let mapLoads = 0;
  let launches = 0;
  const trace: { key: string; worker: string; slot: number; startMs: number; endMs: number }[] = [];
  const view = (): WorkerState[] =>
    workers.map((w) => ({ name: w.name, speed: w.speed, games, launchMs: w.launchMs, mapOpenMs: w.mapOpenMs, slots: slots.get(w.name)!.map((s): SlotState => ({ warm: s.warm, freeAt: s.freeAt, busy: s.busy })) }));
  const policy = placementPolicy(placement);
  for (;;) {
    for (const a of policy.decide(waiting, view(), now)) {
      const w = byName.get(a.worker)!;
      const slot = slots.get(w.name)![a.slot]!;
      const job = byKey.get(a.job.key)!;
      if (slot.warm?.game !== job.game) launches++;
      if (slot.warm?.game !== job.game || slot.warm.map !== job.map) mapLoads++;
      const ms = jobTimeMs({ ...w, games: [], slots: [] }, { warm: slot.warm, freeAt: now, busy: false }, job, job.playMs);
      Object.assign(slot, { warm: { game: job.game, map: job.map }, freeAt: now + ms, busy: true, running: job });
      trace.push({ key: job.key, worker: w.name, slot: a.slot, startMs: now, endMs: now + ms });
    }
    const busy = [...slots.entries()].flatMap(([name, list]) => list.filter((s) => s.busy).map((s) => ({ name, s })));
    if (busy.length === 0) break;
    now = Math.min(...busy.map((b) => b.s.freeAt));
    for (const { name, s } of busy) {
      if (s.freeAt > now) continue;
      const w = byName.get(name)!;
      waiting.observe({ cell: s.running!.cell, game: s.running!.game }, s.running!.playMs / w.speed, w.speed);
      s.busy = false;
      delete s.running;
    }
  }
  if (waiting.size > 0) throw new Error(`${waiting.size} episode(s) no worker can play`);
  return { makespanMs: now, mapLoads, launches, episodes: jobs.length, trace };
}
