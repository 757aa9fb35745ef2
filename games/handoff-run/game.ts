/** The handoff_run game definition the GameLink host serves. */
import { handoffRunPerception } from './perception.js';
import { defineWorkshopGame } from '../workshop/index.js';
import { HandoffRunRules } from './rules.js';
import { VARIANTS } from './variants.js';

export const handoffRunGame = defineWorkshopGame({ ...HandoffRunRules, variants: VARIANTS }, handoffRunPerception);
