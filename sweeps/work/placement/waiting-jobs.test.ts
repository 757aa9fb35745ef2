import { describe, expect, it } from 'vitest';
import { CostModel } from './cost-model.js';
import { place, type WorkerState } from './placement.js';
import { WaitingJobs, type WaitingJob } from './waiting-jobs.js';

const job = (key: string, map: string, cell: string, priorMs = 1000, game = 'g'): WaitingJob => ({ key, game, map, cell, priorMs });

/** The work on a map recounted from scratch: every waiting job's cost as the model has it now. */
function recounted(waiting: WaitingJobs, jobs: readonly WaitingJob[], map: string): number {
  return jobs.filter((j) => j.map === map && waiting.has(j.key)).reduce((n, j) => n + waiting.cost(j), 0);
}

describe('waiting jobs', () => {
  it('keeps the work left on each map equal to a recount as jobs come and go and the cost model learns', () => {
    const waiting = new WaitingJobs(new CostModel());
    const jobs: WaitingJob[] = [];
    let x = 3;
    const draw = (n: number): number => (x = (x * 1103515245 + 12345) % 2147483648) % n;
    for (let i = 0; i < 400; i++) {
      const map = `m${draw(3)}`;
      jobs.push(job(`j${i}`, map, `${map}.c${draw(4)}`, 500 + draw(1000), draw(5) === 0 ? 'h' : 'g'));
    }
    for (const j of jobs) waiting.add(j);
    for (let step = 0; step < 300; step++) {
      const j = jobs[draw(jobs.length)]!;
      if (draw(3) === 0) waiting.observe({ cell: j.cell, game: j.game }, 100 + draw(5000), 1);
      else if (waiting.has(j.key)) waiting.remove(j.key);
      else waiting.add(j, draw(2) === 0);
      for (const g of waiting.live()) expect(waiting.work(g)).toBeCloseTo(recounted(waiting, jobs.filter((o) => o.game === g.game), g.map), 6);
    }
    expect(waiting.size).toBe(jobs.filter((j) => waiting.has(j.key)).length);
  });

  it('keeps batch order within a map, a job put back in front first', () => {
    const waiting = new WaitingJobs();
    for (const k of ['a', 'b', 'c']) waiting.add(job(k, 'm', 'm.c'));
    waiting.remove('a');
    waiting.add(job('z', 'm', 'm.c'), true);
    const [group] = [...waiting.live()];
    expect(waiting.headOf(group!)?.job.key).toBe('z');
    expect(waiting.all().map((e) => e.job.key)).toEqual(['z', 'b', 'c']);
  });

  it('places from a queue of 10,000 as from the same jobs listed, and takes the placed jobs out', () => {
    const jobs = Array.from({ length: 10_000 }, (_, i) => job(`j${i}`, `m${i % 7}`, `c${i % 7}`, 1000 + (i % 13)));
    const workers: WorkerState[] = [{ name: 'w', speed: 1, games: ['g'], launchMs: 20_000, mapOpenMs: 3000, slots: [{ warm: { game: 'g', map: 'm3' }, busy: false, freeAt: 0 }, { busy: false, freeAt: 0 }, { warm: { game: 'g', map: 'm1' }, busy: true, freeAt: 9000 }] }];
    const waiting = new WaitingJobs();
    for (const j of jobs) waiting.add(j);
    const fromQueue = place('affinity', waiting, workers, 0);
    const fromList = place('affinity', jobs.map((j) => ({ key: j.key, game: j.game, map: j.map, costMs: j.priorMs })), workers, 0);
    expect(fromQueue.map((a) => [a.job.key, a.slot])).toEqual(fromList.map((a) => [a.job.key, a.slot]));
    expect(fromQueue.map((a) => a.job.key)).toEqual(['j3', 'j0']);
    expect(waiting.size).toBe(9998);
    expect(waiting.has('j3')).toBe(false);
  });
});
