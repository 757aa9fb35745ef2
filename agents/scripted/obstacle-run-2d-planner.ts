/**
 * Plans one obstacle_run_2d chunk: try a family of run / jump / brake key sequences in the model, keep those
 * that leave the runner standing on a platform after the idle time that follows the chunk, and pick the one
 * that ends furthest right.
 */
import type { ActionChunk } from '../../protocol/index.js';
import { RunModel, bodyOf, type RunBody, type RunKey } from './obstacle-run-2d-model.js';
import type { ObstacleRun2dView } from './obstacle-run-2d-state.js';

export interface PlanTiming {
  readonly chunkSteps: number;
  /** Game time of one step, ms. */
  readonly stepMs: number;
  /** Game time that passes with no keys held after the chunk and before the next observation, ms. */
  readonly idleMs: number;
}

type Steps = (readonly RunKey[])[];

/**
 * Idle times, ms, that may pass before a chunk starts when the runner is observed in the air: none in pdq,
 * the charged decision latency in lcrt (which also observes straight after a chunk). A plan made in the air
 * must be safe for each of them; on the ground idling changes nothing.
 */
const AIRBORNE_DELAYS_MS = [0, 50, 250, 500, 1000, 2000];

/** Every candidate sequence: run k steps; or run, jump, keep running or coast, and maybe brake or back off. */
function candidates(n: number): Steps[] {
  const fill = (prefix: Steps): Steps => [...prefix, ...Array.from({ length: n - prefix.length }, () => [])];
  const repeat = (keys: readonly RunKey[], k: number): Steps => Array.from({ length: k }, () => keys);
  const out: Steps[] = [];
  for (let k = 0; k <= n; k++) {
    out.push(fill(repeat(['D'], k)));
    if (k > 0) out.push(fill(repeat(['A'], k)));
  }
  for (let a = 0; a < n; a++) {
    for (const take of [['D', 'Space'], ['Space']] as const) {
      for (let h = 0; a + 1 + h <= n; h++) {
        const air = [...repeat(['D'], a), take, ...repeat(['D'], h)];
        out.push(fill(air));
        for (let b = 1; air.length + b <= n; b++) out.push(fill([...air, ...repeat(['A'], b)]));
      }
    }
  }
  return out;
}

/** Where `delayTicks` idle, `steps`, then the idle time leave the runner, or undefined if it falls or is still in the air. */
function outcome(model: RunModel, start: RunBody, delayTicks: number, steps: Steps, stepTicks: number, idleTicks: number): RunBody | undefined {
  const body = { ...start };
  if (!model.simulate(body, [], delayTicks)) return undefined;
  for (const keys of steps) if (!model.simulate(body, keys, stepTicks)) return undefined;
  if (!model.simulate(body, [], idleTicks)) return undefined;
  return body.onGround ? body : undefined;
}

/** Plans the next chunk for the observed state. */
export function planObstacleRun2d(view: ObstacleRun2dView, timing: PlanTiming): ActionChunk {
  const model = new RunModel(view);
  const start = bodyOf(view);
  const stepTicks = Math.max(1, Math.round(timing.stepMs / view.tickMs));
  const idleTicks = Math.round(timing.idleMs / view.tickMs);
  const delays = (start.onGround ? [0] : AIRBORNE_DELAYS_MS).map((ms) => Math.round(ms / view.tickMs));
  let best: Steps = Array.from({ length: timing.chunkSteps }, () => []);
  let bestScore = -Infinity;
  for (const steps of candidates(timing.chunkSteps)) {
    let worst = Infinity;
    for (let d = 0; d < delays.length && worst > -Infinity; d++) {
      const end = outcome(model, start, delays[d] ?? 0, steps, stepTicks, idleTicks);
      worst = Math.min(worst, end === undefined ? -Infinity : end.x);
    }
    if (worst === -Infinity) continue;
    // Furthest right (in the worst case) wins; among equals, the fewest keys pressed.
    const presses = steps.reduce((n, s) => n + s.length, 0);
    const score = Math.min(worst, view.finishX + 1) - presses * 1e-4;
    if (score > bestScore) {
      bestScore = score;
      best = steps;
    }
  }
  return { look: { dx: 0, dy: 0 }, steps: best };
}
