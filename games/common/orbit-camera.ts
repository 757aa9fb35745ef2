/** The third-person camera: orbiting a pivot above the player, behind it along the heading and raised by the tilt. */
import type { Camera } from '../render/index.js';
import { RAD } from './angles.js';

/** Orbit distance from the pivot (m), vertical field of view (degrees) and near clip (m; the renderer's default when absent). */
export interface OrbitLens {
  readonly distance: number;
  readonly fovDeg: number;
  readonly near?: number;
}

/** The camera `lens.distance` m from `pivot`, looking at it along heading `yawDeg` and tilt `pitchDeg` (degrees). */
export function orbitCamera(pivot: { readonly x: number; readonly y: number; readonly z: number }, yawDeg: number, pitchDeg: number, lens: OrbitLens): Camera {
  const yaw = yawDeg * RAD;
  const pitch = pitchDeg * RAD;
  const c = Math.cos(pitch) * lens.distance;
  return {
    position: [pivot.x - Math.sin(yaw) * c, pivot.y - Math.sin(pitch) * lens.distance, pivot.z - Math.cos(yaw) * c],
    yawDeg,
    pitchDeg,
    fovDeg: lens.fovDeg,
    ...(lens.near === undefined ? {} : { near: lens.near }),
  };
}
