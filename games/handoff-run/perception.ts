/** handoff_run's perception adapter: the workshop games' orders, points and holdings (games/workshop/perception.ts). */
import { workshopPerception } from '../workshop/index.js';
import { HandoffRunRules } from './rules.js';

/** Reads handoff_run's state for perception tasks. */
export const handoffRunPerception = workshopPerception(HandoffRunRules);
