/** Axis-aligned boxes: pushing a walking circle out of them, ray entry distances, and lines of sight. */

/** An axis-aligned box, m. */
export interface Aabb {
  readonly minX: number;
  readonly minY: number;
  readonly minZ: number;
  readonly maxX: number;
  readonly maxY: number;
  readonly maxZ: number;
}

/** A box's footprint on the floor, m. */
export type Footprint = Pick<Aabb, 'minX' | 'minZ' | 'maxX' | 'maxZ'>;

/** Pushes a circle of `radius` at (x, z) out of footprint `b`; returns the new centre. */
export function pushOutOfBox(x: number, z: number, radius: number, b: Footprint): [number, number] {
  const cx = Math.min(b.maxX, Math.max(b.minX, x));
  const cz = Math.min(b.maxZ, Math.max(b.minZ, z));
  const dx = x - cx;
  const dz = z - cz;
  const d = Math.hypot(dx, dz);
  if (d >= radius) return [x, z];
  if (d > 1e-9) return [cx + (dx / d) * radius, cz + (dz / d) * radius];
  // The centre is inside the box: leave by the nearest side.
  const left = x - b.minX;
  const right = b.maxX - x;
  const back = z - b.minZ;
  const front = b.maxZ - z;
  const least = Math.min(left, right, back, front);
  if (least === left) return [b.minX - radius, z];
  if (least === right) return [b.maxX + radius, z];
  if (least === back) return [x, b.minZ - radius];
  return [x, b.maxZ + radius];
}

/** Pushes a circle of `radius` at (x, z) out of every box (two passes settle corners); returns the new centre. */
export function resolveCircle(x: number, z: number, radius: number, boxes: readonly Footprint[]): [number, number] {
  let p: [number, number] = [x, z];
  for (let pass = 0; pass < 2; pass++) {
    for (const b of boxes) p = pushOutOfBox(p[0], p[1], radius, b);
  }
  return p;
}

/** Entry distance of the ray (o + t d) into `box` (0 if it starts inside), or undefined when it misses. */
export function rayBox(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, box: Aabb): number | undefined {
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
export function clearLine(x0: number, z0: number, x1: number, z1: number, y: number, boxes: readonly Aabb[]): boolean {
  const len = Math.hypot(x1 - x0, z1 - z0);
  if (len < 1e-9) return true;
  const dx = (x1 - x0) / len;
  const dz = (z1 - z0) / len;
  return boxes.every((b) => {
    const t = rayBox(x0, y, z0, dx, 0, dz, b);
    return t === undefined || t >= len;
  });
}
