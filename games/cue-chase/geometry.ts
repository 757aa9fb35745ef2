/** Geometry helpers: pushing the player's circle out of boxes, and rays and lines of sight against boxes. */
import type { Box } from './plaza.js';

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
      const least = Math.min(px - b.minX, b.maxX - px, pz - b.minZ, b.maxZ - pz);
      if (least === px - b.minX) px = b.minX - radius;
      else if (least === b.maxX - px) px = b.maxX + radius;
      else if (least === pz - b.minZ) pz = b.minZ - radius;
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
    near = Math.max(near, Math.min((lo - o) / d, (hi - o) / d));
    far = Math.min(far, Math.max((lo - o) / d, (hi - o) / d));
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

/** `deg` wrapped into [-180, 180). */
export function wrapDeg(deg: number): number {
  return ((((deg + 180) % 360) + 360) % 360) - 180;
}
