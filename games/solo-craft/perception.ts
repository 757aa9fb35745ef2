/** solo_craft's perception adapter: the workshop games' orders, points and holdings (games/workshop/perception.ts). */
import { workshopPerception } from '../workshop/index.js';
import { SoloCraftRules } from './rules.js';

/** Reads solo_craft's state for perception tasks. */
export const soloCraftPerception = workshopPerception(SoloCraftRules);
