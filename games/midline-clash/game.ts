/** The midline_clash game definition the GameLink host serves. */
import { midlineClashPerception } from './perception.js';
import { defineWorkshopGame } from '../workshop/index.js';
import { MidlineClashRules } from './rules.js';
import { VARIANTS } from './variants.js';

export const midlineClashGame = defineWorkshopGame({ ...MidlineClashRules, variants: VARIANTS }, midlineClashPerception);
