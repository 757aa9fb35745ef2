/** midline_clash: two rivals race to fill one order list with weapons, each with a workbench and bin on their side. */
export { midlineClashGame } from './game.js';
export { MidlineClashRules } from './rules.js';
export { VARIANTS as MIDLINE_CLASH_VARIANTS } from './variants.js';
