/** The policy's model of crystal_guard: shots against boxes, gate timing, and walking with walls in the way. */
import type { BoxView, CrystalGuardPlayerView, CrystalGuardView } from './state-view.js';
import { RAD, keyAxes, walkDirection } from '../../common/policy/heading.js';

export type Vec3 = readonly [number, number, number];

/** Unit direction of heading `yaw` and tilt `pitch`, degrees. */
export function aimDirection(yaw: number, pitch: number): Vec3 {
  return [Math.cos(pitch * RAD) * Math.sin(yaw * RAD), Math.sin(pitch * RAD), Math.cos(pitch * RAD) * Math.cos(yaw * RAD)];
}

/** Heading and tilt, degrees, that look from `from` at `to`. */
export function aimAt(from: Vec3, to: Vec3): { yaw: number; pitch: number } {
  const dx = to[0] - from[0];
  const dy = to[1] - from[1];
  const dz = to[2] - from[2];
  return { yaw: Math.atan2(dx, dz) / RAD, pitch: Math.atan2(dy, Math.hypot(dx, dz)) / RAD };
}

/** Distance along a ray (unit `d`) to where it enters `box`, or Infinity. */
export function rayBox(o: Vec3, d: Vec3, box: BoxView): number {
  let near = 0;
  let far = Infinity;
  for (let axis = 0; axis < 3; axis++) {
    const origin = o[axis]!;
    const dir = d[axis]!;
    const lo = box.min[axis]!;
    const hi = box.max[axis]!;
    if (Math.abs(dir) < 1e-12) {
      if (origin < lo || origin > hi) return Infinity;
      continue;
    }
    let t0 = (lo - origin) / dir;
    let t1 = (hi - origin) / dir;
    if (t0 > t1) [t0, t1] = [t1, t0];
    near = Math.max(near, t0);
    far = Math.min(far, t1);
    if (near > far) return Infinity;
  }
  return near;
}

export const center = (b: BoxView): Vec3 => [(b.min[0] + b.max[0]) / 2, (b.min[1] + b.max[1]) / 2, (b.min[2] + b.max[2]) / 2];

/** Whether team `team`'s gate is open at `simMs`. */
export function gateOpen(view: CrystalGuardView, team: number, simMs: number): boolean {
  const plan = view.gatePlan;
  const t = simMs - plan.firstOpenMs - (plan.offsetMs[team] ?? 0);
  return t >= 0 && t % plan.periodMs < plan.openMs;
}

export function bodyBox(view: CrystalGuardView, p: { x: number; z: number }): BoxView {
  const w = view.rules.bodyHalfWidth;
  return { min: [p.x - w, 0, p.z - w], max: [p.x + w, view.rules.bodyHeight, p.z + w] };
}

export type ShotTarget = 'crystal' | 'player' | 'blocked' | 'nothing';

/** What a shot from `eye` along `d` would meet at `simMs`, as the game traces it. */
export function traceShot(view: CrystalGuardView, me: CrystalGuardPlayerView, enemy: { x: number; z: number; alive: boolean }, eye: Vec3, d: Vec3, simMs: number): ShotTarget {
  let best = view.rules.shotRange;
  let what: ShotTarget = 'nothing';
  const consider = (b: BoxView, hit: ShotTarget): void => {
    const t = rayBox(eye, d, b);
    if (t < best) {
      best = t;
      what = hit;
    }
  };
  for (const s of view.solids) consider(s, 'blocked');
  for (const g of view.gates) if (!gateOpen(view, g.team, simMs)) consider(g, 'blocked');
  for (const c of view.crystals) consider(c, c.team === me.team ? 'blocked' : 'crystal');
  if (enemy.alive) consider(bodyBox(view, enemy), 'player');
  if (d[1] < 0 && -eye[1] / d[1] < best) what = 'nothing';
  return what;
}

/** Whether the segment from `a` to `b` is clear of every solid and of `extra` boxes. */
export function clearLine(view: CrystalGuardView, a: Vec3, b: Vec3, extra: readonly BoxView[] = []): boolean {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1], b[2] - a[2]);
  if (len < 1e-9) return true;
  const d: Vec3 = [(b[0] - a[0]) / len, (b[1] - a[1]) / len, (b[2] - a[2]) / len];
  return [...view.solids, ...extra].every((s) => rayBox(a, d, s) >= len - 1e-6);
}

/** Walls, pillars and vault footprints: what nobody walks through. */
export function walkBlocks(view: CrystalGuardView): readonly BoxView[] {
  return [...view.solids, ...view.vaults];
}

export function blocked(view: CrystalGuardView, blocks: readonly BoxView[], x: number, z: number): boolean {
  const r = view.rules.radius;
  return blocks.some((b) => x > b.min[0] - r && x < b.max[0] + r && z > b.min[2] - r && z < b.max[2] + r);
}

/** Walks `pos` (mutated) for `ticks` ticks holding `keys` relative to `yaw`, as the game does. */
export function walk(view: CrystalGuardView, blocks: readonly BoxView[], pos: { x: number; z: number }, keys: readonly string[], yaw: number, ticks: number): void {
  const [ahead, strafe] = keyAxes(keys);
  if (ahead === 0 && strafe === 0) return;
  const [mx, mz] = walkDirection(ahead, strafe, yaw);
  const len = Math.hypot(mx, mz);
  const step = (view.rules.moveSpeed * view.tickMs) / 1000;
  for (let i = 0; i < ticks; i++) {
    const nx = pos.x + (mx / len) * step;
    const nz = pos.z + (mz / len) * step;
    if (!blocked(view, blocks, nx, pos.z)) pos.x = nx;
    if (!blocked(view, blocks, pos.x, nz)) pos.z = nz;
  }
}
