/** solo_craft: one player fills a timed order list with machine parts, upgrading some at the workbench. */
export { soloCraftGame } from './game.js';
export { SoloCraftRules } from './rules.js';
export { VARIANTS as SOLO_CRAFT_VARIANTS } from './variants.js';
