/** The scripted cue_chase policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { CueChaseState } from '../state.js';
import { chunkTiming } from '../../common/policy/plan-timing.js';
import { idlePlan, scriptedPolicy } from '../../common/policy/scripted-policy.js';
import { boxCentredOn, planWalkAndUseLevel } from '../../common/policy/walk-use.js';

/** The camera tilt the policy keeps, degrees (the game's start tilt). */
const PITCH = -30;

/** A privileged agent that walks to the person the next trade names and offers the held item. */
export function createCueChasePolicy(): Agent {
  return scriptedPolicy({
    game: 'cue_chase',
    schema: CueChaseState,
    timing: chunkTiming(5),
    plan: (view, { timing }) => {
      const trade = view.trades[view.tradeIndex];
      if (trade === undefined) return idlePlan();
      const person = view.people.find((p) => p.id === trade.person);
      if (person === undefined) return idlePlan(`person '${trade.person}' not found`);
      const own = boxCentredOn(view.solids, person.x, person.z);
      const world = { minX: -view.plaza.halfX, minZ: -view.plaza.halfZ, maxX: view.plaza.halfX, maxZ: view.plaza.halfZ, solids: view.solids };
      return planWalkAndUseLevel(world, view, timing, { x: person.x, z: person.z, own }, PITCH);
    },
  });
}
