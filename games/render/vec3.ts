/** A point or direction in world space: x right/east, y up, z forward/north, in metres. */
export type Vec3 = readonly [number, number, number];

/** `v` scaled to unit length; the zero vector stays zero. */
export function normalize(v: Vec3): Vec3 {
  const len = Math.hypot(v[0], v[1], v[2]);
  return len === 0 ? v : [v[0] / len, v[1] / len, v[2] / len];
}
