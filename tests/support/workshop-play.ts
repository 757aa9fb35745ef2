/** Helpers for the workshop games' policy tests: play seeds in pdq with a line-up of agents per slot. */
import { getGame } from '../../games-manifest/index.js';
import type { Agent } from '../../protocol/index.js';
import type { GameDefinition } from '../../games/host/simulation.js';
import { playPdqMulti, type PdqMultiResult } from './pdq-driver-multi.js';

/** Plays `game`'s `variant` once per seed, with `lineUp(seed)` giving one agent per slot in slot order. */
export async function playSeeds(game: GameDefinition, seeds: readonly number[], lineUp: (seed: number) => readonly Agent[], variant = 'origin'): Promise<PdqMultiResult[]> {
  const entry = getGame(game.id);
  const results: PdqMultiResult[] = [];
  for (const seed of seeds) {
    const slots = game.slots.map((s) => s.slot);
    const agents = lineUp(seed);
    const sim = game.create({ seed, variant, slots });
    results.push(await playPdqMulti(sim, entry, slots.map((slot, i) => ({ slot, agent: agents[i]! })), { variant }));
  }
  return results;
}

/** Mean final progress of `slot` over `results`. */
export function meanOf(results: readonly PdqMultiResult[], slot: number): number {
  return results.reduce((s, r) => s + (r.progress.get(slot) ?? 0), 0) / Math.max(1, results.length);
}
