import { describe, expect, it } from 'vitest';
import { place, type PlacementJob, type SlotState, type WorkerState } from './placement.js';
import { simulateFleet, type SimJob } from './simulate-fleet.js';
import { WaitingJobs } from './waiting-jobs.js';

const job = (key: string, game: string, map: string, costMs = 1000): PlacementJob => ({ key, game, map, costMs });
const worker = (name: string, slots: SlotState[], speed = 1, games = ['g', 'h']): WorkerState => ({ name, speed, games, slots, launchMs: 20_000, mapOpenMs: 3_000 });
const free = (warm?: { game: string; map: string }): SlotState => ({ warm, busy: false, freeAt: 0 });

describe('placement', () => {
  const many = Array.from({ length: 20 }, (_, i) => job(`j${i}`, 'g', i % 2 === 0 ? 'a' : 'b'));

  it('fifo gives the next job in order to the next free slot, whatever it has open', () => {
    const got = place('fifo', many, [worker('w', [free({ game: 'g', map: 'b' })])], 0);
    expect(got.map((a) => a.job.key)).toEqual(['j0']);
  });

  it('affinity gives a free slot the job of the map it has open', () => {
    const got = place('affinity', many, [worker('w', [free({ game: 'g', map: 'b' })])], 0);
    expect(got.map((a) => a.job.key)).toEqual(['j1']);
  });

  it('a slot whose build crashed on a map gets no job of that map until cleared, and a cold slot prefers its own game', () => {
    const crashed: SlotState = { warm: { game: 'g', map: 'b' }, busy: false, freeAt: 0, crashed: { game: 'g', map: 'b' } };
    const jobs = [job('x', 'h', 'a'), ...many];
    const got = place('affinity', jobs, [worker('w', [crashed])], 0);
    expect(got.map((a) => a.job.map)).toEqual(['a']);
    expect(got[0]!.job.game).toBe('g');
  });

  it('a cold slot opens a map nobody else has open', () => {
    const busy: SlotState = { warm: { game: 'g', map: 'a' }, busy: true, freeAt: 5000 };
    const got = place('affinity', many, [worker('w', [busy, free({ game: 'g', map: 'c' })])], 0);
    expect(got.map((a) => a.job.map)).toEqual(['b']);
  });

  it('near the end the longest job goes first and waits for a faster slot rather than straggle on a slow one', () => {
    const jobs = [job('short', 'g', 'a', 1000), job('long', 'g', 'a', 60_000)];
    const fast = worker('fast', [{ warm: { game: 'g', map: 'a' }, busy: true, freeAt: 4000 }], 1);
    const slow = worker('slow', [free({ game: 'g', map: 'b' })], 0.5);
    const got = place('affinity', jobs, [fast, slow], 0);
    // The slow slot would take 3 s + 120 s for the long job; the fast one frees at 4 s and plays it in 60 s. The
    // short one ends at 5 s either way, so the free slow slot takes it.
    expect(got.map((a) => `${a.worker}:${a.job.key}`)).toEqual(['slow:short']);
  });

  it('only a worker with the job frame size plays it', () => {
    const j: PlacementJob = { ...job('big', 'g', 'a'), frame: '1920x1080' };
    const small: WorkerState = { ...worker('small', [free()]), frames: ['640x360'] };
    const any = worker('any', [free()]);
    expect(place('affinity', [j], [small, any], 0).map((a) => a.worker)).toEqual(['any']);
    expect(place('fifo', [j], [small], 0)).toEqual([]);
  });

  it('a slot with a build of its own takes only that game, under either placement', () => {
    const jobs = [job('h1', 'h', 'a'), job('g1', 'g', 'a'), job('h2', 'h', 'a')];
    const own: SlotState = { ...free(), build: 'g' };
    for (const p of ['fifo', 'affinity'] as const) expect(place(p, jobs, [worker('w', [own])], 0).map((a) => a.job.key), p).toEqual(['g1']);
    expect(place('affinity', [job('h1', 'h', 'a')], [worker('w', [own])], 0)).toEqual([]);
  });

  it('a worker takes only its own pool\'s jobs', () => {
    const waiting = new WaitingJobs();
    waiting.add({ key: 'p1', game: 'g', map: 'a', cell: 'c', pool: 'other', priorMs: 1000 });
    waiting.add({ key: 'p2', game: 'g', map: 'a', cell: 'c', pool: 'mine', priorMs: 1000 });
    expect(place('affinity', waiting, [{ ...worker('w', [free()]), pool: 'mine' }], 0).map((a) => a.job.key)).toEqual(['p2']);
  });

  it('on a simulated heterogeneous fleet affinity loads fewer maps and finishes sooner than fifo, every job played once', () => {
    const jobs: SimJob[] = [];
    for (let g = 0; g < 4; g++) for (let m = 0; m < 3; m++) for (let s = 0; s < 4; s++) jobs.push({ key: `g${g}.m${m}.s${s}`, cell: `g${g}.m${m}`, game: `g${g}`, map: `m${m}`, stepBudget: 100, playMs: 5000 + 1000 * g });
    const fleet = [
      { name: 'a', slots: 2, speed: 1, launchMs: 20_000, mapOpenMs: 3000 },
      { name: 'b', slots: 1, speed: 0.5, launchMs: 20_000, mapOpenMs: 3000 },
    ];
    const fifo = simulateFleet('fifo', jobs, fleet);
    const affinity = simulateFleet('affinity', jobs, fleet);
    for (const r of [fifo, affinity]) expect(r.trace.map((t) => t.key).sort()).toEqual(jobs.map((j) => j.key).sort());
    expect(affinity.mapLoads).toBeLessThan(fifo.mapLoads);
    expect(affinity.makespanMs).toBeLessThan(fifo.makespanMs);
  });
});
