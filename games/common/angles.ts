/** Angle helpers shared by the games: degree wrapping for headings and the pitch clamp. */

/** Radians per degree. */
export const RAD = Math.PI / 180;
/** Degrees per radian. */
export const DEG = 180 / Math.PI;

/** A heading `deg` wrapped into (-180, 180]. */
export function wrapYaw(deg: number): number {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
}

/** `deg` wrapped into [-180, 180). */
export function wrapDeg(deg: number): number {
  return ((((deg + 180) % 360) + 360) % 360) - 180;
}

/** `pitchDeg` clamped into [min, max], degrees. */
export function clampPitch(pitchDeg: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, pitchDeg));
}

/** The unit view direction for a heading and tilt in degrees (yaw 0 looks along +z, positive towards +x; pitch up positive). */
export function viewDirection(yawDeg: number, pitchDeg: number): [number, number, number] {
  const yaw = yawDeg * RAD;
  const pitch = pitchDeg * RAD;
  return [Math.cos(pitch) * Math.sin(yaw), Math.sin(pitch), Math.cos(pitch) * Math.cos(yaw)];
}
