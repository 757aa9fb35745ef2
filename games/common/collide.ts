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

/** A centre the push functions write: the walkers' hot paths read it instead of a new pair per push. */
export interface Centre {
  x: number;
  z: number;
}

/** Pushes a circle of `radius` at (x, z) out of footprint `b`, leaving the new centre in `out`. */
export function pushInto(out: Centre, x: number, z: number, radius: number, b: Footprint): void {
  const cx = Math.min(b.maxX, Math.max(b.minX, x));
  const cz = Math.min(b.maxZ, Math.max(b.minZ, z));
  const dx = x - cx;
  const dz = z - cz;
  const d = Math.hypot(dx, dz);
  out.x = x;
  out.z = z;
  if (d >= radius) return;
  if (d > 1e-9) {
    out.x = cx + (dx / d) * radius;
    out.z = cz + (dz / d) * radius;
    return;
  }
  // The centre is inside the box: leave by the nearest side.
  const left = x - b.minX;
  const right = b.maxX - x;
  const back = z - b.minZ;
  const front = b.maxZ - z;
  const least = Math.min(left, right, back, front);
  if (least === left) out.x = b.minX - radius;
  else if (least === right) out.x = b.maxX + radius;
  else if (least === back) out.z = b.minZ - radius;
  else out.z = b.maxZ + radius;
}

/** Pushes a circle of `radius` at (x, z) out of every box (two passes settle corners), leaving the new centre in `out`. */
export function resolveInto(out: Centre, x: number, z: number, radius: number, boxes: readonly Footprint[]): void {
  out.x = x;
  out.z = z;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < boxes.length; i++) pushInto(out, out.x, out.z, radius, boxes[i]!);
  }
}

// The span of ray distances `rayBox` narrows slab by slab (one object for every call: a ray allocates nothing).
const span = { near: 0, far: Infinity };

/** Narrows `span` to where the ray (o + t d) lies between the planes `lo` and `hi` of one axis; false when it misses. */
function slab(o: number, d: number, lo: number, hi: number): boolean {
  // A ray parallel to the planes misses unless it starts between them.
  if (Math.abs(d) < 1e-12) return !(o < lo || o > hi);
  span.near = Math.max(span.near, Math.min((lo - o) / d, (hi - o) / d));
  span.far = Math.min(span.far, Math.max((lo - o) / d, (hi - o) / d));
  return !(span.near > span.far);
}

/** Entry distance of the ray (o + t d) into `box` (0 if it starts inside), or undefined when it misses. */
export function rayBox(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, box: Aabb): number | undefined {
  span.near = 0;
  span.far = Infinity;
  if (!slab(ox, dx, box.minX, box.maxX) || !slab(oy, dy, box.minY, box.maxY) || !slab(oz, dz, box.minZ, box.maxZ)) return undefined;
  return span.near;
}

/** Whether the segment from (x0, z0) to (x1, z1) at height `y` crosses none of `boxes`. */
export function clearLine(x0: number, z0: number, x1: number, z1: number, y: number, boxes: readonly Aabb[]): boolean {
  const len = Math.hypot(x1 - x0, z1 - z0);
  if (len < 1e-9) return true;
  const dx = (x1 - x0) / len;
  const dz = (z1 - z0) / len;
  for (let i = 0; i < boxes.length; i++) {
    const t = rayBox(x0, y, z0, dx, 0, dz, boxes[i]!);
    if (t !== undefined && t < len) return false;
  }
  return true;
}
