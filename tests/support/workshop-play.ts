/** Helpers for the workshop games' policy tests: play seeds in pdq with a line-up of agents per slot. */
import { expect, it } from 'vitest';
import { IdleAgent } from '../../agents/index.js';
import { getGame } from '../../games-manifest/index.js';
import type { Agent } from '../../protocol/index.js';
import type { GameDefinition } from '../../games/runtime/simulation.js';
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

/** A two-player coop game played by a scripted pair, and by one scripted player beside an idle one in either slot. */
export interface TeamRuns {
  readonly pair: PdqMultiResult[];
  readonly idleSecond: PdqMultiResult[];
  readonly idleFirst: PdqMultiResult[];
}

/** Plays the three line-ups of `TeamRuns` over `seeds`, in that order. */
export async function playTeams(game: GameDefinition, seeds: readonly number[], policy: () => Agent): Promise<TeamRuns> {
  const pair = await playSeeds(game, seeds, () => [policy(), policy()]);
  const idleSecond = await playSeeds(game, seeds, () => [policy(), new IdleAgent()]);
  const idleFirst = await playSeeds(game, seeds, () => [new IdleAgent(), policy()]);
  return { pair, idleSecond, idleFirst };
}

/** Mean slot-0 progress of each line-up of `TeamRuns`. */
export interface TeamMeans {
  pair: number;
  idleSecond: number;
  idleFirst: number;
}

/** The mean slot-0 progress of each line-up in `runs`. */
export function teamMeans(runs: TeamRuns): TeamMeans {
  return { pair: meanOf(runs.pair, 0), idleSecond: meanOf(runs.idleSecond, 0), idleFirst: meanOf(runs.idleFirst, 0) };
}

/** Registers the test that the scripted pair's mean beats one scripted player's beside an idle one (in either slot) by `margin`. */
export function itOutscoresIdleTeammate(means: TeamMeans, margin: number): void {
  it('scores clearly more as two scripted players than one scripted player beside an idle one', () => {
    expect(means.pair).toBeGreaterThan(means.idleSecond + margin);
    expect(means.pair).toBeGreaterThan(means.idleFirst + margin);
  });
}

/** Registers, for each of `game`'s held-out variants, that `lineUp` gets slot 0 a mean progress above 0.6 on seed 1. */
export function itFillsHeldOutOrders(game: GameDefinition, name: string, lineUp: () => readonly Agent[]): void {
  const variants = getGame(game.id).variants.filter((v) => v.heldOut).map((v) => v.id);
  it.each(variants)(name, async (variant) => {
    expect(meanOf(await playSeeds(game, [1], lineUp, variant), 0)).toBeGreaterThan(0.6);
  }, 30_000);
}
