/**
 * An in-process pdq driver for one or more players under a game's manifest entry: starts each agent, then
 * plays the shared pdq loop. Stops at the game's end or when every player has spent its step budget.
 */
import type { GameEntry } from '../../games-manifest/index.js';
import type { Simulation } from '../../games/runtime/simulation.js';
import { runPdq, type PdqPlayer } from './pdq-loop.js';

export type { PdqPlayer } from './pdq-loop.js';

export interface PdqMultiOptions {
  readonly variant?: string;
  readonly observationDelayMs?: number;
  /** Decisions per player; default the entry's step budget. */
  readonly stepBudget?: number;
  /** Calls `start` on each agent first (default true). */
  readonly start?: boolean;
}

export interface PdqMultiResult {
  /** Final progress by slot. */
  readonly progress: ReadonlyMap<number, number>;
  readonly score: ReadonlyMap<number, number>;
  readonly outcomes: ReadonlyMap<number, string>;
  readonly decisions: number;
}

/** Plays one episode of `sim` with `players` in pdq under `entry`'s controls. */
export async function playPdqMulti(sim: Simulation, entry: GameEntry, players: readonly PdqPlayer[], options: PdqMultiOptions = {}): Promise<PdqMultiResult> {
  const budget = options.stepBudget ?? entry.stepBudget;
  if (options.start ?? true) {
    for (const p of players) {
      const team = entry.slots.find((s) => s.slot === p.slot)?.team ?? 0;
      await p.agent.start({ matchId: 'test', game: entry.id, variant: options.variant ?? 'origin', slot: p.slot, team, controls: entry.controls, gamePrompt: '', stepBudget: budget });
    }
  }
  const decisions = await runPdq(sim, players, { controls: entry.controls, decisions: budget, observationDelayMs: options.observationDelayMs ?? 2000 });
  const final = sim.progress();
  const end = sim.ended();
  return {
    progress: new Map(final.map((p) => [p.slot, p.progress])),
    score: new Map(final.map((p) => [p.slot, p.score])),
    outcomes: new Map((end?.outcomes ?? []).map((o) => [o.slot, o.result])),
    decisions,
  };
}
