/**
 * Placement on a simulated heterogeneous fleet of GPU hosts, in virtual time: 3 workers (2, 2 and 4 build slots;
 * speeds 1x, 0.5x, 1x; a build launch of 20 s and a map open of 3 s), 12 games x 4 maps x 5 seeds. Each game's
 * episodes play a step budget of 100-250 steps of 50 ms at 1x, each seed within +-20% of its cell's mean (a fixed
 * pseudo-random draw). The placement decisions are the coordinator's own: the `fifo` and `affinity` policies its slot
 * book decides with on a fleet (sweeps/work/placement), so `fifo` here is production's; the clock is an event list,
 * so the fleet's hours take milliseconds. Makespan and map loads of `affinity` against `fifo`.
 */
import { simulateFleet, type SimJob, type SimResult, type SimWorker } from '../../sweeps/index.js';

/** The bench's fleet and sweep. */
export function benchFleetShape(seeds = 5): { workers: SimWorker[]; jobs: SimJob[] } {
  const workers: SimWorker[] = [
    { name: 'gpu-a', slots: 2, speed: 1, launchMs: 20_000, mapOpenMs: 3_000 },
    { name: 'gpu-b', slots: 2, speed: 0.5, launchMs: 20_000, mapOpenMs: 3_000 },
    { name: 'gpu-c', slots: 4, speed: 1, launchMs: 20_000, mapOpenMs: 3_000 },
  ];
  let x = 7;
  const draw = (): number => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const jobs: SimJob[] = [];
  for (let g = 0; g < 12; g++)
    for (let m = 0; m < 4; m++)
      for (let s = 0; s < seeds; s++) {
        const steps = 100 + 50 * (g % 4);
        jobs.push({ key: `g${g}.m${m}.s${s}`, cell: `g${g}.m${m}`, game: `g${g}`, map: `m${m}`, stepBudget: steps, playMs: steps * 50 * (0.8 + 0.4 * draw()) });
      }
  return { workers, jobs };
}

/** Both placements on the bench's fleet, and the wall time the simulation took. */
export function benchFleet(): { fifo: SimResult; affinity: SimResult; simulatedInMs: number } {
  const { workers, jobs } = benchFleetShape();
  const t0 = performance.now();
  const fifo = simulateFleet('fifo', jobs, workers);
  const affinity = simulateFleet('affinity', jobs, workers);
  return { fifo, affinity, simulatedInMs: performance.now() - t0 };
}

/** The placer's CPU per episode on the bench's fleet: a sweep of `small` seeds per map against one of `large`. */
export interface PlacementScale {
  readonly rows: readonly { readonly episodes: number; readonly cpuMsPerEpisode: number }[];
}

/**
 * Affinity placement on the bench's fleet at two sweep sizes (5 seeds per map: 240 episodes; 210: 10,080), the
 * process's CPU ms per episode for the whole simulated sweep (decisions and the event clock): flat when a decision
 * costs the maps, not the episodes left.
 */
export function benchPlacementScale(seeds: readonly number[] = [5, 210]): PlacementScale {
  // Warm-up: compiled code, not counted.
  simulateFleet('affinity', benchFleetShape(5).jobs, benchFleetShape(5).workers);
  return {
    rows: seeds.map((n) => {
      const { workers, jobs } = benchFleetShape(n);
      const t0 = process.cpuUsage();
      simulateFleet('affinity', jobs, workers);
      const cpu = process.cpuUsage(t0);
      return { episodes: jobs.length, cpuMsPerEpisode: (cpu.user + cpu.system) / 1000 / jobs.length };
    }),
  };
}
