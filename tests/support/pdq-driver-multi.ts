/**
 * An in-process pdq driver for one or more players: every player observes the same paused state, decides,
 * and all chunks (compiled exactly as the gateway compiles them, taps included) run together, followed by
 * the observation delay. Stops at the game's end or when every player has spent its step budget.
 */
import { compileChunk } from '../../gateway/index.js';
import type { GameEntry } from '../../games-manifest/index.js';
import type { Agent, InputEvent } from '../../protocol/index.js';
import type { Simulation } from '../../games/host/simulation.js';
import { advance } from './pdq-driver.js';

export interface PdqPlayer {
  readonly slot: number;
  readonly agent: Agent;
}

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
  const controls = entry.controls;
  const delayMs = options.observationDelayMs ?? 2000;
  const budget = options.stepBudget ?? entry.stepBudget;
  const signal = new AbortController().signal;
  if (options.start ?? true) {
    for (const p of players) {
      const team = entry.slots.find((s) => s.slot === p.slot)?.team ?? 0;
      await p.agent.start({ matchId: 'test', game: entry.id, variant: options.variant ?? 'origin', slot: p.slot, team, controls, gamePrompt: '', stepBudget: budget });
    }
  }
  let step = 0;
  for (; step < budget && sim.ended() === undefined; step++) {
    const state = sim.state();
    const progress = sim.progress();
    const simMs = typeof state.simMs === 'number' ? state.simMs : 0;
    const inputs: InputEvent[] = [];
    let durationMs = 0;
    for (const p of players) {
      const decision = await p.agent.decide(
        {
          slot: p.slot,
          step,
          simMs,
          frame: { seq: step, width: 1, height: 1, encoding: 'rgb', data: new Uint8Array(3) },
          progress: progress.find((x) => x.slot === p.slot)?.progress ?? 0,
          ...(p.agent.privileged ? { state } : {}),
        },
        signal,
      );
      if (decision.kind !== 'chunk') throw new Error('the pdq test driver takes chunk decisions only');
      const compiled = compileChunk({ look: decision.chunk.look, steps: decision.chunk.steps.slice(0, controls.chunkSteps) }, controls, p.slot);
      inputs.push(...compiled.inputs);
      durationMs = Math.max(durationMs, compiled.durationMs);
    }
    advance(sim, durationMs + delayMs, inputs);
  }
  const final = sim.progress();
  const end = sim.ended();
  return {
    progress: new Map(final.map((p) => [p.slot, p.progress])),
    score: new Map(final.map((p) => [p.slot, p.score])),
    outcomes: new Map((end?.outcomes ?? []).map((o) => [o.slot, o.result])),
    decisions: step,
  };
}
