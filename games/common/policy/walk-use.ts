/** What the walk-up-and-press-F policies (scene_escape, cue_chase) share around `planWalkAndUse`. */
import type { ActionChunk } from '../../../protocol/index.js';
import type { ChunkTiming } from './plan-timing.js';
import { planWalkAndUse, type NavBox, type NavRules, type NavTarget, type NavWorld } from './walk-nav.js';

/** The parts of a walker game's state the walk plan reads. */
export interface WalkerView {
  readonly tickMs: number;
  readonly player: { readonly x: number; readonly z: number };
  readonly camera: { readonly yaw: number; readonly pitch: number };
  readonly rules: Omit<NavRules, 'tickMs'>;
}

/** The first of `solids` centred on (x, z) that `also` accepts: the box a target stands in. */
export function boxCentredOn(solids: readonly NavBox[], x: number, z: number, also: (b: NavBox) => boolean = () => true): NavBox | undefined {
  return solids.find((b) => Math.abs((b.minX + b.maxX) / 2 - x) < 1e-6 && Math.abs((b.minZ + b.maxZ) / 2 - z) < 1e-6 && also(b));
}

/** The chunk that walks to `target` and uses it, with the camera tilt levelled to `pitchDeg` so the frames stay readable. */
export function planWalkAndUseLevel(world: NavWorld, view: WalkerView, timing: ChunkTiming, target: NavTarget, pitchDeg: number): ActionChunk {
  const chunk = planWalkAndUse(world, { ...view.rules, tickMs: view.tickMs }, timing, target, view.player, view.camera.yaw);
  return { ...chunk, look: { dx: chunk.look.dx, dy: Math.round((pitchDeg - view.camera.pitch) * 100) / 100 } };
}
