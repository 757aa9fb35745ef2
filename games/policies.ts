/** Scripted policies: privileged agents that play a game from its state, one per reference game. */
import type { Agent } from '../protocol/index.js';

export { createLastStandPolicy, type LastStandPolicyOptions } from './last-stand/policy/index.js';
export { createMonsterShootPolicy, type MonsterShootPolicyOptions } from './monster-shoot/policy/index.js';
export { createSceneEscapePolicy } from './scene-escape/policy/index.js';
export { createCueChasePolicy } from './cue-chase/policy/index.js';
export { createObstacleRun2dPolicy, type ObstacleRun2dPolicyOptions } from './obstacle-run-2d/policy/index.js';
export { createObstacleRun3dPolicy, type ObstacleRun3dPolicyOptions } from './obstacle-run-3d/policy/index.js';
export { createSkyDuelPolicy } from './sky-duel/policy/index.js';
export { createCrystalGuardPolicy } from './crystal-guard/policy/index.js';
export { createSoloCraftPolicy } from './solo-craft/policy/index.js';
export { createMidlineClashPolicy } from './midline-clash/policy/index.js';
export { createSharedFloorPolicy } from './shared-floor/policy/index.js';
export { createHandoffRunPolicy } from './handoff-run/policy/index.js';
export { createWorkshopPolicy, type WorkshopPolicyOptions } from './workshop/policy/policy.js';

import { gameCatalog } from './catalog.js';

/** A fresh scripted policy for each game id that has one (from `games/catalog.ts`, in the registry's order). */
export const scriptedPolicies: Readonly<Record<string, () => Agent>> = Object.fromEntries(gameCatalog.map((p) => [p.game.id, p.policy]));
