/**
 * Plans one obstacle_run_3d chunk: turn the camera towards a few aim points on the next platform, try walk /
 * jump / brake key sequences along each heading in the game's own motion, keep those that leave the runner standing
 * after the idle time that follows the chunk, and pick the one that stands furthest along the course.
 */
import { noopChunk, type ActionChunk } from '../../../protocol/index.js';
import { DEG, wrapYaw } from '../../common/angles.js';
import type { RunnerBody } from '../body.js';
import type { Platform } from '../course.js';
import type { ObstacleRun3dState } from '../state.js';
import { Rollout, bodyOf, distanceToBox, type MoveKey } from './rollout.js';
import { ticksPerStep, type IdleTiming } from '../../common/policy/plan-timing.js';
import { holdSteps, keyPresses, padSteps, startDelayTicks, worstOver } from '../../common/policy/run-search.js';

type Steps = (readonly MoveKey[])[];

/** Every candidate sequence along one heading: walk k steps; or walk, jump, keep walking or coast, and maybe brake. */
function candidates(n: number): Steps[] {
  const fill = (prefix: Steps): Steps => padSteps(prefix, n);
  const out: Steps[] = [];
  for (let k = 0; k <= n; k++) out.push(fill(holdSteps(['W'], k)));
  for (let a = 0; a < n; a++) {
    for (let h = 0; a + 1 + h <= n; h++) {
      const air = [...holdSteps(['W'], a), ['W', 'Space'] as const, ...holdSteps(['W'], h)];
      out.push(fill(air));
      for (let b = 1; air.length + b <= n; b++) out.push(fill([...air, ...holdSteps(['S'], b)]));
    }
  }
  return out;
}

/** Headings worth trying: at the next platform's centre and the nearest points of its top, the axes, and back to the current centre. */
function headings(view: ObstacleRun3dState, body: RunnerBody): number[] {
  const here = view.platforms[view.platformIndex];
  const next = view.platforms[view.platformIndex + 1];
  const aims: [number, number][] = [];
  if (next !== undefined) {
    aims.push([next.x, next.z]);
    for (const inset of [0.5, 1.2]) {
      const ix = Math.max(0, next.halfX - inset);
      const iz = Math.max(0, next.halfZ - inset);
      aims.push([Math.min(next.x + ix, Math.max(next.x - ix, body.x)), Math.min(next.z + iz, Math.max(next.z - iz, body.z))]);
    }
  }
  if (here !== undefined) aims.push([here.x, here.z]);
  const yaws = aims.filter(([x, z]) => Math.hypot(x - body.x, z - body.z) > 0.05).map(([x, z]) => wrapYaw(Math.atan2(x - body.x, z - body.z) * DEG));
  yaws.push(0, 90, -90, 180);
  return yaws.filter((y, i) => yaws.findIndex((o) => Math.abs(wrapYaw(o - y)) < 0.5) === i);
}

/** How good a place to stand is: later platforms first, then closeness to the platform after the one stood on. */
function potential(platforms: readonly Platform[], index: number, body: RunnerBody): number {
  const next = platforms[index + 1];
  if (next === undefined) return 1000 * index + 500;
  return 1000 * index - distanceToBox(next, body.x, body.z);
}

/** Plans the next chunk for the observed state. */
export function planObstacleRun3d(view: ObstacleRun3dState, timing: IdleTiming): ActionChunk {
  const rollout = new Rollout(view);
  const start = bodyOf(view);
  const stepTicks = ticksPerStep(timing, view.tickMs);
  const idleTicks = Math.round(timing.idleMs / view.tickMs);
  const sequences = candidates(timing.chunkSteps);
  const delays = startDelayTicks(start.onGround, view.tickMs);
  /** Potential of where a delay, the steps and the idle time leave the runner; -Infinity if it falls or is left in the air. */
  const standing = (delay: number, steps: Steps, heading: number): number => {
    const body = { ...start };
    if (!rollout.simulate(body, [], heading, delay)) return -Infinity;
    if (!steps.every((keys) => rollout.simulate(body, keys, heading, stepTicks))) return -Infinity;
    if (!rollout.simulate(body, [], heading, idleTicks) || !body.onGround) return -Infinity;
    const index = rollout.supportIndex(body.x, body.y, body.z);
    return index < 0 ? -Infinity : potential(view.platforms, index, body);
  };
  let best = noopChunk(timing.chunkSteps);
  let bestScore = -Infinity;
  for (const yaw of headings(view, start)) {
    const dx = Math.round(wrapYaw(yaw - view.camera.yaw) * 100) / 100;
    const heading = view.camera.yaw + dx;
    for (const steps of sequences) {
      const worst = worstOver(delays, (delay) => standing(delay, steps, heading));
      if (worst === -Infinity) continue;
      // Fewer key presses and smaller turns break ties.
      const score = worst - keyPresses(steps) * 1e-4 - Math.abs(dx) * 1e-5;
      if (score > bestScore) {
        bestScore = score;
        best = { look: { dx, dy: 0 }, steps };
      }
    }
  }
  return best;
}
