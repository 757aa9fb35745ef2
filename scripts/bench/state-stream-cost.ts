/**
 * What the privileged state stream costs a reference game: 120 ms of game time (one chunk step) plus one
 * render at the game's default size, with the perception adapter tracking the state (after every tick with
 * an event, else every 100 ms of game time) and without, in alternating batches of the same run (so a
 * noisy machine slows both alike), driven in this process with no sockets.
 */
import { builtinGames, Episode, type GameDefinition } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import { measure } from './stats.js';

export interface StateStreamCost {
  readonly game: string;
  /** One frame (120 ms of game time and a render) without and with tracking, ms. */
  readonly plainMs: number;
  readonly trackedMs: number;
  /** Tracked reports per frame. */
  readonly reports: number;
  /** The median over batches of tracked / plain. */
  readonly ratio: number;
}

function frameCost(def: GameDefinition, frames: number, repeats: number, tracked: boolean): Promise<{ ms: number; reports: number }> {
  const { width, height } = getGame(def.id).frame;
  const out = new Uint8Array(width * height * 3);
  const start = (seed: number): Episode => new Episode(def.create({ seed, variant: def.variants[0]!, slots: def.slots.map((s) => s.slot) }), tracked ? def.perception : undefined);
  let reports = 0;
  let count = 0;
  return measure(frames, repeats, async () => {
    let episode = start(1);
    for (let i = 0; i < frames; i++) {
      if (episode.ended) episode = start(2 + i);
      episode.run(120, []);
      reports += episode.drainTracked().length;
      episode.sim.render(def.slots[0]!.slot, width, height, out);
      count++;
    }
  }).then((t) => ({ ms: t.perItemMs, reports: reports / count }));
}

const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The stream's cost for every game with a perception adapter. */
export async function benchStateStream(frames: number, repeats: number): Promise<StateStreamCost[]> {
  const out: StateStreamCost[] = [];
  for (const def of builtinGames.filter((g) => g.perception)) {
    const plain: number[] = [];
    const tracked: number[] = [];
    let reports = 0;
    for (let r = 0; r < repeats; r++) {
      plain.push((await frameCost(def, frames, 1, false)).ms);
      const t = await frameCost(def, frames, 1, true);
      tracked.push(t.ms);
      reports = t.reports;
    }
    out.push({ game: def.id, plainMs: median(plain), trackedMs: median(tracked), reports, ratio: median(tracked.map((t, i) => t / plain[i]!)) });
  }
  return out;
}
