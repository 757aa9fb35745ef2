/** handoff_run: two teammates in split areas hand parts across transfer points to fill one order list. */
export { handoffRunGame } from './game.js';
export { HandoffRunRules } from './rules.js';
export { VARIANTS as HANDOFF_RUN_VARIANTS } from './variants.js';
