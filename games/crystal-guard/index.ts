/** crystal_guard: first-person shooting duel; destroy the enemy crystal behind its timed iron gate. */
export { crystalGuardGame } from './game.js';
export { CrystalGuardSimulation } from './simulation.js';
export { CrystalGuardState, CrystalGuardPlayerState, CrystalGuardBox } from './state.js';
export { Rules as CrystalGuardRules } from './rules.js';
export { VARIANTS as CRYSTAL_GUARD_VARIANTS, type CrystalGuardVariant, type GatePlan } from './variants.js';
