/** The solo_craft game definition the GameLink host serves. */
import { soloCraftPerception } from './perception.js';
import { defineWorkshopGame } from '../workshop/index.js';
import { SoloCraftRules } from './rules.js';
import { VARIANTS } from './variants.js';

export const soloCraftGame = defineWorkshopGame({ ...SoloCraftRules, variants: VARIANTS }, soloCraftPerception);
