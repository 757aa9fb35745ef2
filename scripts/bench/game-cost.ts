/**
 * Simulation and render cost of each reference game: one "frame" = 120 ms of game time (one chunk step)
 * plus one render at the game's default size, driven in this process with no sockets.
 */
import { builtinGames, Episode, type GameDefinition } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import { measure, type Timing } from './stats.js';

export interface GameCost {
  readonly game: string;
  readonly width: number;
  readonly height: number;
  readonly simMsPerFrame: number;
  readonly renderMsPerFrame: number;
  readonly frame: Timing;
}

function costOf(def: GameDefinition, frames: number, repeats: number): Promise<GameCost> {
  const entry = getGame(def.id);
  const { width, height } = entry.frame;
  const out = new Uint8Array(width * height * 3);
  let simMs = 0;
  let renderMs = 0;
  let count = 0;
  return measure(frames, repeats, async () => {
    let episode = new Episode(def.create({ seed: 1, variant: def.variants[0]!, slots: def.slots.map((s) => s.slot) }));
    for (let i = 0; i < frames; i++) {
      if (episode.ended) episode = new Episode(def.create({ seed: 1 + i, variant: def.variants[0]!, slots: def.slots.map((s) => s.slot) }));
      const t0 = performance.now();
      episode.run(120, []);
      const t1 = performance.now();
      episode.sim.render(def.slots[0]!.slot, width, height, out);
      const t2 = performance.now();
      simMs += t1 - t0;
      renderMs += t2 - t1;
      count++;
    }
  }).then((frame) => ({ game: def.id, width, height, simMsPerFrame: simMs / count, renderMsPerFrame: renderMs / count, frame }));
}

export async function benchGameCosts(frames: number, repeats: number): Promise<GameCost[]> {
  const out: GameCost[] = [];
  for (const def of builtinGames) out.push(await costOf(def, frames, repeats));
  return out;
}
