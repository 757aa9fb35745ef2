/** midline_clash's perception adapter: the workshop games' orders, points and holdings (games/workshop/perception.ts). */
import { workshopPerception } from '../workshop/index.js';
import { MidlineClashRules } from './rules.js';

/** Reads midline_clash's state for perception tasks. */
export const midlineClashPerception = workshopPerception(MidlineClashRules);
