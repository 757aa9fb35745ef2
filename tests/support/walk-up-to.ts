/** Test helpers for the walk-and-use games (cue_chase, scene_escape): chunks as the gateway compiles them, a fixed schedule, and walking up to a target. */
import { planWalkAndUse, type NavRules, type NavWorld } from '../../games/common/policy/walk-nav.js';
import { compileChunk } from '../../gateway/chunk-compiler.js';
import type { ActionChunk, ControlSet } from '../../protocol/index.js';
import type { Simulation } from '../../games/runtime/simulation.js';
import { frameHashes } from './game-suite.js';
import { advance } from './pdq-driver.js';

/** Walking, a jump, an F press and turns, the same for both games. */
const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 20, dy: -5 }, steps: [['W'], ['W'], ['W', 'D'], [], []] },
  { look: { dx: -60, dy: 5 }, steps: [['S'], ['A', 'Space'], ['F'], [], []] },
  { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], []] },
  { look: { dx: 120, dy: 0 }, steps: [['W'], ['W'], [], [], []] },
];

/** Runs `chunk` for slot 0 as the gateway compiles it for `controls`, then `idleMs` with nothing held. */
export function runChunk(sim: Simulation, controls: ControlSet, chunk: ActionChunk, idleMs = 0): void {
  advance(sim, chunk.steps.length * controls.stepMs + idleMs, [...compileChunk(chunk, controls, 0).inputs]);
}

/** sha256 of a 320x180 frame after each chunk of the fixed schedule plus 2 s idle. */
export function scheduleHashes(sim: Simulation, controls: ControlSet): string[] {
  return frameHashes(sim, SCHEDULE.map((chunk) => ({ ms: chunk.steps.length * controls.stepMs + 2000, inputs: compileChunk(chunk, controls, 0).inputs })));
}

/** What walking up to a target needs of the game's state now. */
export interface WalkView {
  readonly state: {
    readonly tickMs: number;
    readonly player: { readonly x: number; readonly z: number };
    readonly camera: { readonly yaw: number };
    readonly rules: Omit<NavRules, 'tickMs'>;
    readonly solids: NavWorld['solids'];
  };
  /** The walkable area. */
  readonly bounds: Omit<NavWorld, 'solids'>;
  /** Where the target stands. */
  readonly target: { readonly x: number; readonly z: number };
}

/** Walks (without pressing F) until the target `view` names is within reach and faced; throws after `chunks` chunks. */
export function walkUpTo(sim: Simulation, controls: ControlSet, chunks: number, id: string, view: () => WalkView): void {
  for (let i = 0; i < chunks; i++) {
    const { state: s, bounds, target } = view();
    const own = s.solids.find((b) => Math.abs((b.minX + b.maxX) / 2 - target.x) < 1e-6 && Math.abs((b.minZ + b.maxZ) / 2 - target.z) < 1e-6);
    const chunk = planWalkAndUse({ ...bounds, solids: s.solids }, { ...s.rules, tickMs: s.tickMs }, controls, { x: target.x, z: target.z, own }, s.player, s.camera.yaw);
    const f = chunk.steps.findIndex((step) => step.includes('F'));
    if (f >= 0) {
      runChunk(sim, controls, { look: chunk.look, steps: chunk.steps.slice(0, f) });
      return;
    }
    runChunk(sim, controls, chunk);
  }
  throw new Error(`never reached ${id}`);
}
