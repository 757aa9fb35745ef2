/** Scripted policies: privileged agents that play a game from its state, one per reference game. */
import type { Agent } from '../../protocol/index.js';
import { createLastStandPolicy } from './last-stand.js';
import { createMonsterShootPolicy } from './monster-shoot.js';
import { createSceneEscapePolicy } from './scene-escape.js';
import { createCueChasePolicy } from './cue-chase.js';
import { createObstacleRun2dPolicy } from './obstacle-run-2d.js';
import { createObstacleRun3dPolicy } from './obstacle-run-3d.js';

export { createLastStandPolicy, type LastStandPolicyOptions } from './last-stand.js';
export { LastStandView } from './last-stand-state.js';
export { createMonsterShootPolicy, type MonsterShootPolicyOptions } from './monster-shoot.js';
export { MonsterShootView } from './monster-shoot-state.js';
export { createSceneEscapePolicy } from './scene-escape.js';
export { SceneEscapeView } from './scene-escape-state.js';
export { createCueChasePolicy } from './cue-chase.js';
export { CueChaseView } from './cue-chase-state.js';
export { createObstacleRun2dPolicy, type ObstacleRun2dPolicyOptions } from './obstacle-run-2d.js';
export { ObstacleRun2dView } from './obstacle-run-2d-state.js';
export { createObstacleRun3dPolicy, type ObstacleRun3dPolicyOptions } from './obstacle-run-3d.js';
export { ObstacleRun3dView } from './obstacle-run-3d-state.js';
export { createSkyDuelPolicy } from './sky-duel.js';
export { SkyDuelView } from './sky-duel-state.js';
export { createCrystalGuardPolicy } from './crystal-guard.js';
export { CrystalGuardView } from './crystal-guard-state.js';

import { createSkyDuelPolicy } from './sky-duel.js';
import { createCrystalGuardPolicy } from './crystal-guard.js';
import { createSoloCraftPolicy } from './solo-craft.js';
import { createMidlineClashPolicy } from './midline-clash.js';
import { createSharedFloorPolicy } from './shared-floor.js';
import { createHandoffRunPolicy } from './handoff-run.js';

export { createSoloCraftPolicy, createMidlineClashPolicy, createSharedFloorPolicy, createHandoffRunPolicy };
export { WorkshopView } from './workshop-state.js';
export { createWorkshopPolicy, type WorkshopPolicyOptions } from './workshop-policy.js';

/** A fresh scripted policy for each game id that has one. */
export const scriptedPolicies: Readonly<Record<string, () => Agent>> = {
  last_stand: () => createLastStandPolicy(),
  monster_shoot: () => createMonsterShootPolicy(),
  scene_escape: () => createSceneEscapePolicy(),
  cue_chase: () => createCueChasePolicy(),
  obstacle_run_2d: () => createObstacleRun2dPolicy(),
  obstacle_run_3d: () => createObstacleRun3dPolicy(),
  sky_duel: () => createSkyDuelPolicy(),
  crystal_guard: () => createCrystalGuardPolicy(),
  solo_craft: () => createSoloCraftPolicy(),
  midline_clash: () => createMidlineClashPolicy(),
  shared_floor: () => createSharedFloorPolicy(),
  handoff_run: () => createHandoffRunPolicy(),
};
