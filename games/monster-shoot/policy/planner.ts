/**
 * Plans one monster_shoot chunk: aim at the visible monster that would reach the player first (where it
 * will be half-way through the chunk), fire in every step, and back away along the aim line when it is close.
 */
import { noopChunk, type ActionChunk } from '../../../protocol/index.js';
import { DEG, wrapDeg } from '../../common/angles.js';
import { moveControls } from '../../common/policy/move-keys.js';
import { walkDirection } from '../../common/walk.js';
import { rayBox } from '../../common/collide.js';
import type { MonsterShootState } from '../state.js';
import type { IdleTiming } from '../../common/policy/plan-timing.js';

type Monster = MonsterShootState['monsters'][number];

const MOVES: readonly (readonly string[])[] = [['S'], ['S', 'A'], ['S', 'D'], ['A'], ['D']];

/** Whether the straight line from (x0, z0) to (x1, z1) at body height passes no block. */
function inSight(view: MonsterShootState, x0: number, z0: number, x1: number, z1: number): boolean {
  const len = Math.hypot(x1 - x0, z1 - z0);
  if (len < 1e-9) return true;
  const dx = (x1 - x0) / len;
  const dz = (z1 - z0) / len;
  return view.arena.blocks.every((b) => {
    // A level ray: the box's height span only has to contain it.
    const t = rayBox(x0, 0, z0, dx, 0, dz, { minX: b.minX - 0.05, minY: -1, minZ: b.minZ - 0.05, maxX: b.maxX + 0.05, maxY: 1, maxZ: b.maxZ + 0.05 });
    return t === undefined || t > len - view.rules.monsterHalfWidth;
  });
}

/** Where `m` will be after `seconds`, walking straight at the player. */
function predict(m: Monster, seconds: number): [number, number] {
  return [m.x + m.vx * seconds, m.z + m.vz * seconds];
}

/** Seconds before `m` touches the player, at its walking speed. */
function arrival(view: MonsterShootState, m: Monster): number {
  const d = Math.hypot(m.x - view.player.x, m.z - view.player.z) - view.rules.touchDistance;
  return Math.max(0, d) / view.rules.monsterSpeed;
}

/** Whether the player can stand at (x, z): inside the walls and clear of blocks. */
function standable(view: MonsterShootState, x: number, z: number): boolean {
  const r = 0.5;
  const { halfX, halfZ, blocks } = view.arena;
  if (Math.abs(x) > halfX - r || Math.abs(z) > halfZ - r) return false;
  return blocks.every((b) => x < b.minX - r || x > b.maxX + r || z < b.minZ - r || z > b.maxZ + r);
}

/** Plans the next chunk for the observed state. */
export function planMonsterShoot(view: MonsterShootState, timing: IdleTiming): ActionChunk {
  const { player } = view;
  const ordered = [...view.monsters].sort((a, b) => arrival(view, a) - arrival(view, b) || a.id - b.id);
  const visible = ordered.filter((m) => inSight(view, player.x, player.z, m.x, m.z));
  const target = visible[0] ?? ordered[0];
  if (target === undefined) return noopChunk(timing.chunkSteps);
  const chunkSeconds = (timing.chunkSteps * timing.stepMs) / 1000;
  const [tx, tz] = predict(target, chunkSeconds * 0.4);
  const yaw = Math.atan2(tx - player.x, tz - player.z) * DEG;
  const eye = player.y + view.camera.eyeHeight;
  const pitch = Math.atan2(view.rules.monsterHeight * 0.5 - eye, Math.max(0.5, Math.hypot(tx - player.x, tz - player.z))) * DEG;
  const look = { dx: Math.round(wrapDeg(yaw - view.camera.yaw) * 100) / 100, dy: Math.round((pitch - view.camera.pitch) * 100) / 100 };
  // Back away when the first monster would arrive before the next observation's chunk is over.
  const first = ordered[0];
  const cycle = chunkSeconds + timing.idleMs / 1000;
  const danger = first !== undefined && arrival(view, first) < cycle + chunkSeconds + 0.5;
  let move: readonly string[] = [];
  if (danger) {
    const dist = view.rules.moveSpeed * chunkSeconds;
    for (const keys of MOVES) {
      const controls = moveControls(keys);
      const len = Math.hypot((controls.forward ? 1 : 0) - (controls.back ? 1 : 0), (controls.right ? 1 : 0) - (controls.left ? 1 : 0));
      const walk = walkDirection(controls, yaw);
      const mx = (walk.x / len) * dist;
      const mz = (walk.z / len) * dist;
      if (standable(view, player.x + mx, player.z + mz) && standable(view, player.x + mx / 2, player.z + mz / 2)) {
        move = keys;
        break;
      }
    }
  }
  return { look, steps: Array.from({ length: timing.chunkSteps }, () => [...move, 'LMB']) };
}
