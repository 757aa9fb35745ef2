/** Geometry helpers: pushing the player's circle out of boxes, line-of-sight on the floor plan, and ray casts. */
import type { Box } from './layout.js';

/** Pushes a circle of `radius` at (x, z) out of every box (two passes settle corners); returns the new position. */
export function resolveCircle(x: number, z: number, radius: number, boxes: readonly Box[]): [number, number] {
  let px = x;
  let pz = z;
  for (let pass = 0; pass < 2; pass++) {
    for (const b of boxes) {
      const cx = Math.min(b.maxX, Math.max(b.minX, px));
      const cz = Math.min(b.maxZ, Math.max(b.minZ, pz));
      const dx = px - cx;
      const dz = pz - cz;
      const d = Math.hypot(dx, dz);
      if (d >= radius) continue;
      if (d > 1e-9) {
        px = cx + (dx / d) * radius;
        pz = cz + (dz / d) * radius;
        continue;
      }
      const left = px - b.minX;
      const right = b.maxX - px;
      const back = pz - b.minZ;
      const front = b.maxZ - pz;
      const least = Math.min(left, right, back, front);
      if (least === left) px = b.minX - radius;
      else if (least === right) px = b.maxX + radius;
      else if (least === back) pz = b.minZ - radius;
      else pz = b.maxZ + radius;
    }
  }
  return [px, pz];
}

/** Entry distance of the ray (o + t d) into `box` (0 if it starts inside), or undefined when it misses. */
export function rayBox(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, box: Box): number | undefined {
  let near = 0;
  let far = Infinity;
  const slabs: [number, number, number, number][] = [
    [ox, dx, box.minX, box.maxX],
    [oy, dy, box.minY, box.maxY],
    [oz, dz, box.minZ, box.maxZ],
  ];
  for (const [o, d, lo, hi] of slabs) {
    if (Math.abs(d) < 1e-12) {
      if (o < lo || o > hi) return undefined;
      continue;
    }
    const t0 = Math.min((lo - o) / d, (hi - o) / d);
    const t1 = Math.max((lo - o) / d, (hi - o) / d);
    near = Math.max(near, t0);
    far = Math.min(far, t1);
    if (near > far) return undefined;
  }
  return near;
}

/** Whether the segment from (x0, z0) to (x1, z1) at height `y` crosses none of `boxes`. */
export function clearLine(x0: number, z0: number, x1: number, z1: number, y: number, boxes: readonly Box[]): boolean {
  const len = Math.hypot(x1 - x0, z1 - z0);
  if (len < 1e-9) return true;
  const dx = (x1 - x0) / len;
  const dz = (z1 - z0) / len;
  return boxes.every((b) => {
    const t = rayBox(x0, y, z0, dx, 0, dz, b);
    return t === undefined || t >= len;
  });
}
