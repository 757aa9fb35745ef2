/** The scripted scene_escape policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import type { Agent } from '../../../protocol/index.js';
import { chunkTiming } from '../../common/policy/plan-timing.js';
import type { NavTarget } from '../../common/policy/walk-nav.js';
import { SceneEscapeState } from '../state.js';
import { idlePlan, scriptedPolicy } from '../../common/policy/scripted-policy.js';
import { boxCentredOn, planWalkAndUseLevel } from '../../common/policy/walk-use.js';

/** The camera tilt the policy keeps, degrees (the game's start tilt). */
const PITCH = -35;

/** A privileged agent that walks to the current task's object or door and uses it. */
export function createSceneEscapePolicy(): Agent {
  return scriptedPolicy({
    game: 'scene_escape',
    schema: SceneEscapeState,
    timing: chunkTiming(5),
    plan: (view, { timing }) => {
      const task = view.tasks[view.taskIndex];
      if (task === undefined) return idlePlan();
      const target = targetOf(view, task.target);
      if (target === undefined) return idlePlan(`task target '${task.target}' not found`);
      const world = { minX: 0, minZ: 0, maxX: view.map.width, maxZ: view.map.depth, solids: view.solids };
      return planWalkAndUseLevel(world, view, timing, target, PITCH);
    },
  });
}

/** Where the object or door `id` is, and the box it fills. */
function targetOf(view: SceneEscapeState, id: string): NavTarget | undefined {
  const thing = view.objects.find((o) => o.id === id);
  if (thing !== undefined) return { x: thing.x, z: thing.z, own: boxCentredOn(view.solids, thing.x, thing.z) };
  const door = view.doors.find((d) => d.id === id);
  if (door === undefined) return undefined;
  return { x: door.x, z: door.z, own: boxCentredOn(view.solids, door.x, door.z, (b) => b.minY === 0) };
}
