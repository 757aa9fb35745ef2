/** Headings and walking directions as the games compute them: degrees, yaw 0 along +z, W along (sin yaw, cos yaw). */

/** Radians per degree. */
export const RAD = Math.PI / 180;
/** Degrees per radian. */
export const DEG = 180 / Math.PI;

/** `deg` wrapped into [-180, 180) degrees. */
export function wrapDegrees(deg: number): number {
  return ((((deg + 180) % 360) + 360) % 360) - 180;
}

/** `deg` wrapped into (-180, 180] degrees. */
export function wrapHeading(deg: number): number {
  const w = wrapDegrees(deg);
  return w === -180 ? 180 : w;
}

/** Signed difference b - a of two headings, degrees in (-180, 180]. */
export function angleDiff(a: number, b: number): number {
  return wrapHeading(b - a);
}

/** The held keys as axes: ahead (W minus S) and strafe (D minus A). */
export function keyAxes(keys: readonly string[]): [ahead: number, strafe: number] {
  return [(keys.includes('W') ? 1 : 0) - (keys.includes('S') ? 1 : 0), (keys.includes('D') ? 1 : 0) - (keys.includes('A') ? 1 : 0)];
}

/** The (x, z) direction, not normalised, of walking `ahead` and `strafe` at heading `yawDeg`. */
export function walkDirection(ahead: number, strafe: number, yawDeg: number): [mx: number, mz: number] {
  const yaw = yawDeg * RAD;
  return [ahead * Math.sin(yaw) + strafe * Math.cos(yaw), ahead * Math.cos(yaw) - strafe * Math.sin(yaw)];
}

/** The (x, z) direction, not normalised, that `keys` walk at heading `yawDeg`. */
export function keysDirection(keys: readonly string[], yawDeg: number): [mx: number, mz: number] {
  const [ahead, strafe] = keyAxes(keys);
  return walkDirection(ahead, strafe, yawDeg);
}
