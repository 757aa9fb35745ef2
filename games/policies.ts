/** Scripted policies: privileged agents that play a game from its state, one per reference game. */
import type { Agent } from '../protocol/index.js';
import { createLastStandPolicy } from './last-stand/policy/index.js';
import { createMonsterShootPolicy } from './monster-shoot/policy/index.js';
import { createSceneEscapePolicy } from './scene-escape/policy/index.js';
import { createCueChasePolicy } from './cue-chase/policy/index.js';
import { createObstacleRun2dPolicy } from './obstacle-run-2d/policy/index.js';
import { createObstacleRun3dPolicy } from './obstacle-run-3d/policy/index.js';

export { createLastStandPolicy, type LastStandPolicyOptions } from './last-stand/policy/index.js';
export { createMonsterShootPolicy, type MonsterShootPolicyOptions } from './monster-shoot/policy/index.js';
export { createSceneEscapePolicy } from './scene-escape/policy/index.js';
export { createCueChasePolicy } from './cue-chase/policy/index.js';
export { createObstacleRun2dPolicy, type ObstacleRun2dPolicyOptions } from './obstacle-run-2d/policy/index.js';
export { createObstacleRun3dPolicy, type ObstacleRun3dPolicyOptions } from './obstacle-run-3d/policy/index.js';
export { createSkyDuelPolicy } from './sky-duel/policy/index.js';
export { createCrystalGuardPolicy } from './crystal-guard/policy/index.js';

import { createSkyDuelPolicy } from './sky-duel/policy/index.js';
import { createCrystalGuardPolicy } from './crystal-guard/policy/index.js';
import { createSoloCraftPolicy } from './solo-craft/policy/index.js';
import { createMidlineClashPolicy } from './midline-clash/policy/index.js';
import { createSharedFloorPolicy } from './shared-floor/policy/index.js';
import { createHandoffRunPolicy } from './handoff-run/policy/index.js';

export { createSoloCraftPolicy, createMidlineClashPolicy, createSharedFloorPolicy, createHandoffRunPolicy };
export { createWorkshopPolicy, type WorkshopPolicyOptions } from './workshop/policy/policy.js';

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
