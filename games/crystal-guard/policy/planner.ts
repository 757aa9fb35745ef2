/**
 * Plans one crystal_guard chunk. With the enemy gate open (or opening during the chunk) and the crystal in
 * sight, aim at it and fire whenever a shot would land; otherwise aim at the enemy player if it is in
 * sight (else at the crystal) and, until the crystal is in sight, walk towards the nearest spot that sees it.
 */
import { noopChunk, type ActionChunk } from '../../../protocol/index.js';
import { aimAt, blocksNear, center, clearLine, gateOpen, shotTarget, walk, walkBlocks, type ShotTarget, type Vec3, type Walker } from './sight.js';
import { buildFiringField, fieldAt, type FiringField } from './field.js';
import type { CrystalGuardState } from '../state.js';
import { wrapYaw } from '../../common/angles.js';
import { moveControls } from '../../common/policy/move-keys.js';
import { ticksPerStep, type ChunkTiming } from '../../common/policy/plan-timing.js';

const MOVES: readonly (readonly string[])[] = [['W'], ['W', 'A'], ['W', 'D'], ['A'], ['D'], ['S'], ['S', 'A'], ['S', 'D'], []];
const MOVE_CONTROLS = MOVES.map(moveControls);
const STILL = moveControls([]);

const round = (v: number): number => Math.round(v * 100) / 100;

/** Fields per variant and team: the arena never changes during an episode. */
const fields = new Map<string, FiringField>();

function fieldFor(view: CrystalGuardState, team: number): FiringField {
  const key = `${view.variant}:${team}:${view.arena.width}x${view.arena.length}:${view.solids.length}`;
  let field = fields.get(key);
  if (field === undefined) {
    field = buildFiringField(view, team);
    fields.set(key, field);
  }
  return field;
}

/** Plans the next chunk for the player in `slot`. */
export function planCrystalGuard(view: CrystalGuardState, slot: number, timing: ChunkTiming): ActionChunk {
  const me = view.players.find((p) => p.slot === slot);
  const enemy = view.players.find((p) => p.slot !== slot);
  if (me === undefined || enemy === undefined || !me.alive) return noopChunk(timing.chunkSteps);
  const enemyTeam = view.crystals.find((c) => c.team !== me.team)?.team ?? 1 - me.team;
  const crystal = center(view.crystals.find((c) => c.team === enemyTeam)!);
  const eyeY = view.rules.eyeHeight;
  const eye: Vec3 = [me.x, eyeY, me.z];
  const stepTicks = ticksPerStep(timing, view.tickMs);
  const shotAt = (i: number): number => view.simMs + i * stepTicks * view.tickMs + view.tickMs;
  const gateOpenInChunk = Array.from({ length: timing.chunkSteps }, (_, i) => gateOpen(view.gatePlan, enemyTeam, shotAt(i))).some(Boolean);
  const own = view.crystals.filter((c) => c.team === me.team);
  const seesCrystal = clearLine(view, eye, crystal, own) && Math.hypot(crystal[0] - me.x, crystal[1] - eyeY, crystal[2] - me.z) < view.rules.shotRange - 0.5;
  const enemyChest: Vec3 = [enemy.x, view.rules.bodyHeight * 0.55, enemy.z];
  const seesEnemy = enemy.alive && clearLine(view, eye, enemyChest, view.crystals) && Math.hypot(enemy.x - me.x, enemy.z - me.z) < view.rules.shotRange - 1;
  // Walking goes by the field whatever the aim, so the player can fire at the enemy on its way in.
  let target: { point: Vec3; want: ShotTarget; move: boolean };
  if (seesCrystal && gateOpenInChunk) target = { point: crystal, want: 'crystal', move: false };
  else if (seesEnemy) target = { point: enemyChest, want: 'player', move: !seesCrystal };
  else target = { point: crystal, want: 'crystal', move: !seesCrystal };
  const aim = aimAt(eye, target.point);
  const pitch = Math.min(view.rules.pitchMax, Math.max(view.rules.pitchMin, aim.pitch));
  const look = { dx: round(wrapYaw(aim.yaw - me.yaw)), dy: round(pitch - me.pitch) };
  const yaw = me.yaw + look.dx;
  const field = fieldFor(view, me.team);
  const blocks = walkBlocks(view);
  const pos: Walker = { x: me.x, z: me.z, yawDeg: yaw, stride: 0 };
  let cooldown = me.cooldownMs;
  const trial: Walker = { ...pos };
  const steps: string[][] = [];
  for (let i = 0; i < timing.chunkSteps; i++) {
    const step: string[] = [];
    let keys: readonly string[] = [];
    let controls = STILL;
    const near = blocksNear(view, blocks, pos, stepTicks);
    if (target.move) {
      let best = fieldAt(field, pos.x, pos.z);
      for (let m = 0; m < MOVES.length; m++) {
        trial.x = pos.x;
        trial.z = pos.z;
        trial.yawDeg = pos.yawDeg;
        trial.stride = pos.stride;
        walk(view, near, trial, MOVE_CONTROLS[m]!, stepTicks);
        const d = fieldAt(field, trial.x, trial.z);
        if (d < best - 1e-9) {
          best = d;
          keys = MOVES[m]!;
          controls = MOVE_CONTROLS[m]!;
        }
      }
      step.push(...keys);
    }
    // The shot leaves at the press, from where the player stands then.
    if (cooldown <= 0 && shotTarget(view, me, enemy, pos, me.pitch + look.dy, shotAt(i)) === target.want) {
      step.push('LMB');
      cooldown = view.rules.cooldownMs;
    }
    steps.push(step);
    walk(view, near, pos, controls, stepTicks);
    cooldown = Math.max(0, cooldown - stepTicks * view.tickMs);
  }
  return { look, steps };
}

