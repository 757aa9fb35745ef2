/** shared_floor's perception adapter: the workshop games' orders, points and holdings (games/workshop/perception.ts). */
import { workshopPerception } from '../workshop/index.js';
import { SharedFloorRules } from './rules.js';

/** Reads shared_floor's state for perception tasks. */
export const sharedFloorPerception = workshopPerception(SharedFloorRules);
