/** The scripted monster_shoot policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { planMonsterShoot } from './planner.js';
import { MonsterShootState } from '../state.js';
import { idleTiming, type IdlePolicyOptions } from '../../common/policy/plan-timing.js';
import { scriptedPolicy } from '../../common/policy/scripted-policy.js';

export type MonsterShootPolicyOptions = IdlePolicyOptions;

/** A privileged agent that shoots the most urgent visible monster and backs away from close ones. */
export function createMonsterShootPolicy(options: MonsterShootPolicyOptions = {}): Agent {
  return scriptedPolicy({ game: 'monster_shoot', schema: MonsterShootState, timing: idleTiming(5, options), plan: (view, { timing }) => planMonsterShoot(view, timing) });
}
