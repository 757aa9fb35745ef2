/** The scripted crystal_guard policy: plays the slot it is given from privileged state, as the specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { planCrystalGuard } from './planner.js';
import { CrystalGuardState } from '../state.js';
import { chunkTiming } from '../../common/policy/plan-timing.js';
import { scriptedPolicy } from '../../common/policy/scripted-policy.js';

/** A privileged agent that walks to a spot in sight of the enemy crystal and shoots it whenever its gate is open. */
export function createCrystalGuardPolicy(): Agent {
  return scriptedPolicy({ game: 'crystal_guard', schema: CrystalGuardState, timing: chunkTiming(6), plan: (view, { timing, slot }) => planCrystalGuard(view, slot ?? 0, timing) });
}
