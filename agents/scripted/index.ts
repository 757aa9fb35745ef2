/** Scripted policies: privileged agents that play a game from its state, one per reference game. */
import type { Agent } from '../../protocol/index.js';
import { createLastStandPolicy } from './last-stand.js';

export { createLastStandPolicy, type LastStandPolicyOptions } from './last-stand.js';
export { LastStandView } from './last-stand-state.js';

/** A fresh scripted policy for each game id that has one. */
export const scriptedPolicies: Readonly<Record<string, () => Agent>> = {
  last_stand: () => createLastStandPolicy(),
};
