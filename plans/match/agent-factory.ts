/** The agent factory every batch command hands to the work layer: built-in kinds, scripted policies from games/. */
import { createAgent } from '../../agents/index.js';
import { randomMoves, scriptedPolicies } from '../../games/index.js';
import type { AgentFactory } from '../../sweeps/index.js';

/** Makes an agent of `kind` with the games' scripted policies and random board moves available. */
export const makeAgent: AgentFactory = (kind, context) => createAgent(kind, { scripted: scriptedPolicies, randomMoves, ...context });
