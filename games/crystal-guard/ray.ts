/** Straight shots against boxes: the slab test, and the direction a heading and tilt point along. */
import type { Box } from './arena.js';

const RAD = Math.PI / 180;

/** Unit direction of a view heading `yawDeg` (0 = +z, positive towards +x) and tilt `pitchDeg` (positive up). */
export function aimDirection(yawDeg: number, pitchDeg: number): [number, number, number] {
  const yaw = yawDeg * RAD;
  const pitch = pitchDeg * RAD;
  return [Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch), Math.cos(pitch) * Math.cos(yaw)];
}

/** Distance along the ray from `o` in unit direction `d` at which it enters `box`, or Infinity if it misses. */
export function rayBox(o: readonly number[], d: readonly number[], box: Box): number {
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
