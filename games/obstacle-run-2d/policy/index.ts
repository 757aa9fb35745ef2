/** The scripted obstacle_run_2d policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { planObstacleRun2d } from './planner.js';
import { ObstacleRun2dState } from '../state.js';
import { idleTiming, type IdlePolicyOptions } from '../../common/policy/plan-timing.js';
import { scriptedPolicy } from '../../common/policy/scripted-policy.js';

export type ObstacleRun2dPolicyOptions = IdlePolicyOptions;

/** A privileged agent that runs and jumps as far right as it safely can in each chunk. */
export function createObstacleRun2dPolicy(options: ObstacleRun2dPolicyOptions = {}): Agent {
  return scriptedPolicy({ game: 'obstacle_run_2d', schema: ObstacleRun2dState, timing: idleTiming(8, options), plan: (view, { timing }) => planObstacleRun2d(view, timing) });
}
