/**
 * The pdq loop the test drivers share: every player observes the same paused state and decides, all chunks
 * (cut to the control set's steps and compiled exactly as the gateway compiles them, taps included) run
 * together, then the observation delay with nothing held.
 */
import { compileChunk, shiftInputs } from '../../gateway/index.js';
import { noopChunk, parseAnswer, type Agent, type ControlSet, type InputEvent } from '../../protocol/index.js';
import type { Simulation } from '../../games/runtime/simulation.js';

export interface PdqPlayer {
  readonly slot: number;
  readonly agent: Agent;
}

export interface PdqLoopOptions {
  readonly controls: ControlSet;
  /** Decisions per player at most. */
  readonly decisions: number;
  /** Game time run with nothing held after each round of chunks, ms. */
  readonly observationDelayMs: number;
  /** Game time run with nothing held before each round of chunks, ms (lcrt spends the decision latency there); default 0. */
  readonly leadMs?: number;
}

/**
 * Runs `ms` of game time, delivering each event at the start of the tick it falls in, and those due at or
 * after the end once the time has run (so a release at a chunk's end holds, as the game host does it);
 * stops early at the game's end.
 */
export function advance(sim: Simulation, ms: number, events: readonly InputEvent[]): void {
  const pending = [...events].sort((a, b) => a.at - b.at);
  for (let elapsed = 0; elapsed < ms && sim.ended() === undefined; elapsed += sim.tickMs) {
    while (pending.length > 0 && (pending[0]?.at ?? Infinity) < elapsed + sim.tickMs) {
      const event = pending.shift();
      if (event) sim.input(event);
    }
    sim.tick();
  }
  if (sim.ended() === undefined) for (const event of pending) sim.input(event);
}

/** Plays rounds of `players` on `sim` until the game ends or the decisions run out; answers the rounds played. */
export async function runPdq(sim: Simulation, players: readonly PdqPlayer[], options: PdqLoopOptions): Promise<number> {
  const { controls } = options;
  const leadMs = options.leadMs ?? 0;
  const signal = new AbortController().signal;
  let step = 0;
  for (; step < options.decisions && sim.ended() === undefined; step++) {
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
      // Answers are parsed as the gateway parses them (turn-based boards answer moves); an invalid one does nothing.
      const parsed = decision.kind === 'chunk' ? { ok: true as const, chunk: decision.chunk } : parseAnswer(decision.answer, controls);
      const chunk = parsed.ok ? parsed.chunk : noopChunk(controls.chunkSteps);
      const compiled = compileChunk({ look: chunk.look, steps: chunk.steps.slice(0, controls.chunkSteps), ...(chunk.move === undefined ? {} : { move: chunk.move }) }, controls, p.slot);
      inputs.push(...compiled.inputs);
      durationMs = Math.max(durationMs, compiled.durationMs);
    }
    advance(sim, leadMs + durationMs + options.observationDelayMs, shiftInputs(inputs, leadMs));
  }
  return step;
}
