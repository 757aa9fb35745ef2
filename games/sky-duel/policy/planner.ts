/**
 * Plans one sky_duel chunk: turn to face the opponent, close to striking distance while staying clear of
 * the edge and on the centre side of the opponent (so strikes shove it outwards), and tap LMB whenever a
 * strike would land and the swing is ready.
 */
import { noopChunk, type ActionChunk } from '../../../protocol/index.js';
import { RAD } from '../../common/angles.js';
import type { MoveControls } from '../../common/held-keys.js';
import { moveControls } from '../../common/policy/move-keys.js';
import { angleDiff } from '../combat.js';
import { stepFighterTicks, type FighterBody } from '../fighter.js';
import type { SkyDuelFighterState, SkyDuelState } from '../state.js';
import { ticksPerStep, type ChunkTiming } from '../../common/policy/plan-timing.js';

type Key = 'W' | 'A' | 'S' | 'D';

const MOVES: readonly (readonly Key[])[] = [[], ['W'], ['S'], ['A'], ['D'], ['W', 'A'], ['W', 'D'], ['S', 'A'], ['S', 'D']];
/** Each move's controls, made once (a walk allocates nothing per tick). */
const MOVE_CONTROLS: ReadonlyMap<readonly Key[], MoveControls> = new Map(MOVES.map((keys) => [keys, moveControls(keys)]));
/** Centre distance the policy closes to: well inside reach, outside the bodies' contact distance. */
const STRIKE_DISTANCE = 1.3;
/** Distance from the edge the policy keeps when it can, m. */
const EDGE_MARGIN = 1.2;

const bearing = (from: { x: number; z: number }, to: { x: number; z: number }): number => Math.atan2(to.x - from.x, to.z - from.z) / RAD;

/** Moves `body` for `ticks` ticks holding `keys` relative to `yaw` by the game's own step (`stepFighterTicks`). */
function walk(view: SkyDuelState, body: FighterBody, keys: readonly Key[], yaw: number, ticks: number): void {
  const controls = MOVE_CONTROLS.get(keys) ?? moveControls(keys);
  body.yawDeg = yaw;
  stepFighterTicks(body, controls, view.tickMs, view.platform.side, ticks);
}

/** How far inside the platform edge a point is, m (negative off the platform). */
function edgeRoom(view: SkyDuelState, x: number, z: number): number {
  return view.platform.side / 2 - Math.max(Math.abs(x), Math.abs(z));
}

/** Cost of standing at `body` facing `yaw` with the opponent at `opp`: lower is better. */
function placeCost(view: SkyDuelState, body: FighterBody, opp: SkyDuelFighterState, yaw: number): number {
  const room = edgeRoom(view, body.x, body.z);
  if (room < 0.4) return Infinity;
  const dist = Math.hypot(opp.x - body.x, opp.z - body.z);
  // Being out of reach costs more than standing a little too close.
  let cost = dist > STRIKE_DISTANCE ? 2 * (dist - STRIKE_DISTANCE) : STRIKE_DISTANCE - dist;
  if (room < EDGE_MARGIN) cost += (EDGE_MARGIN - room) * 1.5;
  // Stand nearer the centre than the opponent, so strikes drive it towards the edge and not the other way.
  cost += 0.25 * Math.max(0, edgeRoom(view, opp.x, opp.z) - room + 0.5);
  const off = Math.abs(angleDiff(yaw, bearing(body, opp)));
  if (off > view.rules.arcDeg - 15) cost += (off - view.rules.arcDeg + 15) * 0.05;
  return cost;
}

/** Whether a strike pressed with `body` where it is now lands on `opp` (standing still). */
function strikeWouldLand(view: SkyDuelState, body: FighterBody, keys: readonly Key[], yaw: number, opp: SkyDuelFighterState): boolean {
  const trial = { ...body };
  walk(view, trial, keys, yaw, Math.round(view.rules.windupMs / view.tickMs));
  const dist = Math.hypot(opp.x - trial.x, opp.z - trial.z);
  return dist <= view.rules.reach - 0.2 && Math.abs(angleDiff(yaw, bearing(trial, opp))) <= view.rules.arcDeg - 10;
}

/** Plans the next chunk for the fighter in `slot`. */
export function planSkyDuel(view: SkyDuelState, slot: number, timing: ChunkTiming): ActionChunk {
  const me = view.fighters.find((f) => f.slot === slot);
  const opp = view.fighters.find((f) => f.slot !== slot);
  if (me === undefined || opp === undefined || me.fallen || opp.fallen || !me.onGround) return noopChunk(timing.chunkSteps);
  const yaw = bearing(me, opp);
  const dx = Math.round(angleDiff(me.yaw, yaw) * 10) / 10;
  const body: FighterBody = { x: me.x, y: me.y, z: me.z, vx: me.vx, vy: me.vy, vz: me.vz, onGround: me.onGround, yawDeg: yaw, knockX: me.knockX, knockZ: me.knockZ, knockMs: me.knockMs, stride: 0, fallen: false };
  const stepTicks = ticksPerStep(timing, view.tickMs);
  let cooldown = me.cooldownMs;
  const steps: string[][] = [];
  for (let i = 0; i < timing.chunkSteps; i++) {
    let best: readonly Key[] = [];
    let bestCost = Infinity;
    let bestBody: FighterBody | undefined;
    for (const keys of MOVES) {
      const trial = { ...body };
      walk(view, trial, keys, yaw, stepTicks);
      // A small bias towards standing still keeps the fighter from dithering.
      const cost = placeCost(view, trial, opp, yaw) + (keys.length === 0 ? 0 : 0.02 * keys.length);
      if (cost < bestCost) {
        bestCost = cost;
        best = keys;
        bestBody = trial;
      }
    }
    const step: string[] = [...best];
    if (cooldown <= 0 && strikeWouldLand(view, body, best, yaw, opp)) {
      step.push('LMB');
      cooldown = view.rules.cooldownMs;
    }
    steps.push(step);
    // The chosen trial is where the step leaves the body (no candidate costs Infinity but off the platform, where any is as good).
    if (bestBody !== undefined) Object.assign(body, bestBody);
    else walk(view, body, best, yaw, stepTicks);
    cooldown = Math.max(0, cooldown - stepTicks * view.tickMs);
  }
  return { look: { dx, dy: 0 }, steps };
}
