/** shared_floor: two teammates share one workshop floor and one order list. */
export { sharedFloorGame } from './game.js';
export { SharedFloorRules } from './rules.js';
export { VARIANTS as SHARED_FLOOR_VARIANTS } from './variants.js';
