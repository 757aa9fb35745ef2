/** sky_duel: a 1v1 melee duel on a floating square; a hit deals 10 HP, falling off loses at once. */
export { skyDuelGame } from './game.js';
export { SkyDuelSimulation } from './simulation.js';
export { SkyDuelState, SkyDuelFighterState } from './state.js';
export { Rules as SkyDuelRules } from './rules.js';
export { VARIANTS as SKY_DUEL_VARIANTS, type SkyDuelVariant } from './variants.js';
