/** The scripted sky_duel policy: plays the slot it is given from privileged state, as the specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { chunkTiming } from '../../common/policy/plan-timing.js';
import { scriptedPolicy } from '../../common/policy/scripted-policy.js';
import { planSkyDuel } from './planner.js';
import { SkyDuelState } from '../state.js';

/** A privileged agent that faces the opponent, closes in from the centre side and strikes when a hit would land. */
export function createSkyDuelPolicy(): Agent {
  return scriptedPolicy({ game: 'sky_duel', schema: SkyDuelState, timing: chunkTiming(6), plan: (view, { timing, slot }) => planSkyDuel(view, slot ?? 0, timing) });
}
