/**
 * Plans one obstacle_run_2d chunk: try a family of run / jump / brake key sequences in the game's own motion, keep those
 * that leave the runner standing on a platform after the idle time that follows the chunk, and pick the one
 * that ends furthest right.
 */
import type { ActionChunk } from '../../../protocol/index.js';
import type { RunnerBody } from '../body.js';
import type { ObstacleRun2dState } from '../state.js';
import { Rollout, bodyOf, type RunKey } from './rollout.js';
import { ticksPerStep, type IdleTiming } from '../../common/policy/plan-timing.js';
import { holdSteps, keyPresses, padSteps, startDelayTicks, worstOver } from '../../common/policy/run-search.js';

type Steps = (readonly RunKey[])[];

/** Every candidate sequence: run k steps; or run, jump, keep running or coast, and maybe brake or back off. */
function candidates(n: number): Steps[] {
  const fill = (prefix: Steps): Steps => padSteps(prefix, n);
  const out: Steps[] = [];
  for (let k = 0; k <= n; k++) {
    out.push(fill(holdSteps(['D'], k)));
    if (k > 0) out.push(fill(holdSteps(['A'], k)));
  }
  for (let a = 0; a < n; a++) {
    for (const take of [['D', 'Space'], ['Space']] as const) {
      for (let h = 0; a + 1 + h <= n; h++) {
        const air = [...holdSteps(['D'], a), take, ...holdSteps(['D'], h)];
        out.push(fill(air));
        for (let b = 1; air.length + b <= n; b++) out.push(fill([...air, ...holdSteps(['A'], b)]));
      }
    }
  }
  return out;
}

/**
 * Where `delayTicks` idle, `steps`, then the idle time leave the runner, or undefined if it falls or is still in
 * the air. Many candidates open with the same steps: the body after each delay and first steps is kept in
 * `played` by their keys (undefined once it fell), so each such opening is played once per plan.
 */
function outcome(rollout: Rollout, start: RunnerBody, delayTicks: number, steps: Steps, stepTicks: number, idleTicks: number, played: Map<string, RunnerBody | undefined>): RunnerBody | undefined {
  let key = `${delayTicks}`;
  let body = played.get(key);
  if (!played.has(key)) {
    body = { ...start };
    played.set(key, (body = rollout.simulate(body, [], delayTicks) ? body : undefined));
  }
  for (const keys of steps) {
    if (body === undefined) return undefined;
    key += `|${keys.join('+')}`;
    const known = played.get(key);
    if (known !== undefined || played.has(key)) {
      body = known;
      continue;
    }
    const next = { ...body };
    played.set(key, (body = rollout.simulate(next, keys, stepTicks) ? next : undefined));
  }
  if (body === undefined) return undefined;
  const end = { ...body };
  if (!rollout.simulate(end, [], idleTicks)) return undefined;
  return end.onGround ? end : undefined;
}

/** Plans the next chunk for the observed state. */
export function planObstacleRun2d(view: ObstacleRun2dState, timing: IdleTiming): ActionChunk {
  const rollout = new Rollout(view);
  const start = bodyOf(view);
  const stepTicks = ticksPerStep(timing, view.tickMs);
  const idleTicks = Math.round(timing.idleMs / view.tickMs);
  const delays = startDelayTicks(start.onGround, view.tickMs);
  let best: Steps = Array.from({ length: timing.chunkSteps }, () => []);
  let bestScore = -Infinity;
  const played = new Map<string, RunnerBody | undefined>();
  for (const steps of candidates(timing.chunkSteps)) {
    const worst = worstOver(delays, (delay) => outcome(rollout, start, delay, steps, stepTicks, idleTicks, played)?.x ?? -Infinity);
    if (worst === -Infinity) continue;
    // Furthest right (in the worst case) wins; among equals, the fewest keys pressed.
    const score = Math.min(worst, view.finishX + 1) - keyPresses(steps) * 1e-4;
    if (score > bestScore) {
      bestScore = score;
      best = steps;
    }
  }
  return { look: { dx: 0, dy: 0 }, steps: best };
}
