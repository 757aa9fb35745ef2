/** The shared_floor game definition the GameLink host serves. */
import { sharedFloorPerception } from './perception.js';
import { defineWorkshopGame } from '../workshop/index.js';
import { SharedFloorRules } from './rules.js';
import { VARIANTS } from './variants.js';

export const sharedFloorGame = defineWorkshopGame({ ...SharedFloorRules, variants: VARIANTS }, sharedFloorPerception);
