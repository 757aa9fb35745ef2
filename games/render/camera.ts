/** A perspective camera and the world-to-view transform it implies. */
import type { Vec3 } from './vec3.js';

/** Where the camera is and where it looks; angles in degrees. */
export interface Camera {
  readonly position: Vec3;
  /** Heading, degrees: 0 looks along +z, positive turns right (towards +x). */
  readonly yawDeg: number;
  /** Tilt, degrees: positive looks up. */
  readonly pitchDeg: number;
  /** Vertical field of view, degrees. */
  readonly fovDeg: number;
  /** Near clipping distance, metres; default 0.1. */
  readonly near?: number;
}

/** A camera prepared for one framebuffer size: the precomputed transform used by the rasteriser. */
export interface View {
  readonly width: number;
  readonly height: number;
  readonly px: number;
  readonly py: number;
  readonly pz: number;
  readonly sinYaw: number;
  readonly cosYaw: number;
  readonly sinPitch: number;
  readonly cosPitch: number;
  /** Focal length in pixels. */
  readonly focal: number;
  readonly near: number;
}

const RAD = Math.PI / 180;

/** Prepares `camera` for a `width` x `height` framebuffer. */
export function createView(camera: Camera, width: number, height: number): View {
  const yaw = camera.yawDeg * RAD;
  const pitch = camera.pitchDeg * RAD;
  return {
    width,
    height,
    px: camera.position[0],
    py: camera.position[1],
    pz: camera.position[2],
    sinYaw: Math.sin(yaw),
    cosYaw: Math.cos(yaw),
    sinPitch: Math.sin(pitch),
    cosPitch: Math.cos(pitch),
    focal: height / 2 / Math.tan((camera.fovDeg * RAD) / 2),
    near: camera.near ?? 0.1,
  };
}

/** Writes the view-space coordinates of a world point (x right, y up, z depth) to `out[o..o+2]`. */
export function toViewSpace(view: View, x: number, y: number, z: number, out: Float64Array, o: number): void {
  const dx = x - view.px;
  const dy = y - view.py;
  const dz = z - view.pz;
  const right = dx * view.cosYaw - dz * view.sinYaw;
  const ahead = dx * view.sinYaw + dz * view.cosYaw;
  out[o] = right;
  out[o + 1] = dy * view.cosPitch - ahead * view.sinPitch;
  out[o + 2] = ahead * view.cosPitch + dy * view.sinPitch;
}

/** The screen row of the horizon (may be off screen), for sky gradients. */
export function horizonRow(view: View): number {
  return view.height / 2 + (view.focal * view.sinPitch) / view.cosPitch;
}

/** The screen position of a world point, or undefined when it is behind the near plane. */
export function projectPoint(view: View, point: Vec3): { readonly x: number; readonly y: number } | undefined {
  const v = new Float64Array(3);
  toViewSpace(view, point[0], point[1], point[2], v, 0);
  const z = v[2]!;
  if (z < view.near) return undefined;
  return { x: view.width / 2 + (v[0]! * view.focal) / z, y: view.height / 2 - (v[1]! * view.focal) / z };
}
