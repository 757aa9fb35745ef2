/** The scripted last_stand policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { planLastStand } from './planner.js';
import { LastStandState } from '../state.js';
import { idleTiming, type IdlePolicyOptions } from '../../common/policy/plan-timing.js';
import { scriptedPolicy } from '../../common/policy/scripted-policy.js';

export type LastStandPolicyOptions = IdlePolicyOptions;

/** A privileged agent that keeps the player on the safest intact tile it can reach. */
export function createLastStandPolicy(options: LastStandPolicyOptions = {}): Agent {
  return scriptedPolicy({ game: 'last_stand', schema: LastStandState, timing: idleTiming(6, options), plan: (view, { timing }) => planLastStand(view, timing) });
}
