/** last_stand: survive on a platform whose tiles fall away over time. */
export { lastStandGame } from './game.js';
export { LastStandSimulation } from './simulation.js';
export { LastStandState, LastStandTileState } from './state.js';
export { Rules as LastStandRules } from './rules.js';
export { VARIANTS as LAST_STAND_VARIANTS, type DropPlan, type LastStandVariant } from './variants.js';
