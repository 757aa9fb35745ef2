/** The scripted obstacle_run_3d policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { planObstacleRun3d } from './planner.js';
import { ObstacleRun3dState } from '../state.js';
import { idleTiming, type IdlePolicyOptions } from '../../common/policy/plan-timing.js';
import { scriptedPolicy } from '../../common/policy/scripted-policy.js';

export type ObstacleRun3dPolicyOptions = IdlePolicyOptions;

/** A privileged agent that turns towards the next platform and walks and jumps as far along the course as it safely can in each chunk. */
export function createObstacleRun3dPolicy(options: ObstacleRun3dPolicyOptions = {}): Agent {
  return scriptedPolicy({ game: 'obstacle_run_3d', schema: ObstacleRun3dState, timing: idleTiming(6, options), plan: (view, { timing }) => planObstacleRun3d(view, timing) });
}
