/**
 * What the privileged state stream costs a reference game. A frame is one control step of game time under
 * random legal input (the `random` agent's chunks, one step each) plus one render at the game's default size.
 * The same seeded episode is played with the perception adapter tracking its state (after every tick with an
 * event, else every 100 ms of game time) and without, in interleaved batches (plain, tracked, tracked, plain
 * in each round), so drift on a noisy machine falls on both alike; driven in this process with no sockets.
 * The tracked batches also time the tracker's own work (the sim's `state()` and the adapter's `track()`), a
 * figure the machine's noise between whole batches does not swamp.
 */
import { randomChunk } from '../../agents/index.js';
import { builtinGames, Episode, type GameDefinition } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import { compileChunk } from '../../gateway/index.js';
import { Prng } from '../../protocol/index.js';
import { median, quantile } from './stats.js';

export interface StateStreamCost {
  readonly game: string;
  /** One frame without and with tracking, ms (medians over batches). */
  readonly plainMs: number;
  readonly trackedMs: number;
  /** Tracked reports per frame. */
  readonly reports: number;
  /** The tracker's own work per frame (reading the state and the adapter's projection of it), ms, and its share of a plain frame. */
  readonly trackingMs: number;
  readonly share: number;
  /** Tracked / plain: the median over rounds, and the quartiles of the rounds' ratios (the noise). */
  readonly ratio: number;
  readonly ratioP25: number;
  readonly ratioP75: number;
}

/**
 * Plays `frames` frames of seed 1 (a fresh episode after an end), tracked or not; returns ms per frame, reports
 * per frame and, when tracked, the ms per frame spent in the sim's `state()` and the adapter's `track()`.
 */
function batch(def: GameDefinition, frames: number, tracked: boolean): { ms: number; reports: number; trackingMs: number } {
  const entry = getGame(def.id);
  const { width, height } = entry.frame;
  const controls = { ...entry.controls, chunkSteps: 1 };
  const slots = def.slots.map((s) => s.slot);
  const out = new Uint8Array(width * height * 3);
  const rng = new Prng(1);
  const rand = () => rng.next();
  let spent = 0;
  const timed = <A extends unknown[], R>(f: (...args: A) => R) => (...args: A): R => {
    const t = performance.now();
    try {
      return f(...args);
    } finally {
      spent += performance.now() - t;
    }
  };
  const adapter = def.perception && tracked ? { ...def.perception, track: timed(def.perception.track.bind(def.perception)) } : undefined;
  const start = (seed: number): Episode => {
    const sim = def.create({ seed, variant: def.variants[0]!, slots });
    if (adapter) sim.state = timed(sim.state.bind(sim));
    return new Episode(sim, adapter);
  };
  let reports = 0;
  const t0 = performance.now();
  let episode = start(1);
  for (let i = 0; i < frames; i++) {
    if (episode.ended) episode = start(2 + i);
    const inputs = controls.move === undefined ? slots.flatMap((slot) => compileChunk(randomChunk(controls, rand), controls, slot).inputs) : [];
    episode.run(controls.stepMs, inputs);
    reports += episode.drainTracked().length;
    episode.sim.render(slots[0]!, width, height, out);
  }
  return { ms: (performance.now() - t0) / frames, reports: reports / frames, trackingMs: spent / frames };
}

/** The stream's cost for every game with a perception adapter: `rounds` rounds of four batches of `frames` frames. */
export function benchStateStream(frames: number, rounds: number): StateStreamCost[] {
  return builtinGames
    .filter((g) => g.perception)
    .map((def) => {
      batch(def, frames, false);
      batch(def, frames, true);
      const plain: number[] = [];
      const tracked: number[] = [];
      const ratios: number[] = [];
      const tracking: number[] = [];
      let reports = 0;
      for (let r = 0; r < rounds; r++) {
        const p1 = batch(def, frames, false).ms;
        const t1 = batch(def, frames, true);
        const t2 = batch(def, frames, true);
        const p2 = batch(def, frames, false).ms;
        plain.push(p1, p2);
        tracked.push(t1.ms, t2.ms);
        tracking.push(t1.trackingMs, t2.trackingMs);
        ratios.push((t1.ms + t2.ms) / (p1 + p2));
        reports = t1.reports;
      }
      const plainMs = median(plain);
      const trackingMs = median(tracking);
      return { game: def.id, plainMs, trackedMs: median(tracked), reports, trackingMs, share: trackingMs / plainMs, ratio: median(ratios), ratioP25: quantile(ratios, 0.25), ratioP75: quantile(ratios, 0.75) };
    });
}
