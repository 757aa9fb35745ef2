/** The scripted scene_escape policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { planWalkAndUse, type NavBox, type NavTarget, type NavTiming } from './scene-escape-nav.js';
import { SceneEscapeView } from './scene-escape-state.js';

/** A privileged agent that walks to the current task's object or door and uses it. */
export function createSceneEscapePolicy(): Agent {
  let timing: NavTiming = { chunkSteps: 5, stepMs: RunDefaults.stepMs };
  return {
    kind: 'scripted',
    privileged: true,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      timing = { chunkSteps: info.controls.chunkSteps, stepMs: info.controls.stepMs };
    },
    async decide(observation: Observation): Promise<Decision> {
      const started = performance.now();
      const parsed = SceneEscapeView.safeParse(observation.state);
      const done = (note?: string): Decision => ({
        kind: 'chunk',
        chunk: noopChunk(timing.chunkSteps),
        timings: { wallMs: performance.now() - started },
        ...(note === undefined ? {} : { note }),
      });
      if (!parsed.success) return done('no usable scene_escape state');
      const view = parsed.data;
      const task = view.tasks[view.taskIndex];
      if (task === undefined) return done();
      const target = targetOf(view, task.target);
      if (target === undefined) return done(`task target '${task.target}' not found`);
      const world = { minX: 0, minZ: 0, maxX: view.map.width, maxZ: view.map.depth, solids: view.solids };
      const chunk = planWalkAndUse(world, { ...view.rules, tickMs: view.tickMs }, timing, target, view.player, view.camera.yaw);
      // Level the camera tilt to the game's start so the frames stay readable.
      return { kind: 'chunk', chunk: { ...chunk, look: { dx: chunk.look.dx, dy: Math.round((-35 - view.camera.pitch) * 100) / 100 } }, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}

/** Where the object or door `id` is, and the box it fills. */
function targetOf(view: SceneEscapeView, id: string): NavTarget | undefined {
  const thing = view.objects.find((o) => o.id === id);
  if (thing !== undefined) {
    const own = view.solids.find((b) => Math.abs((b.minX + b.maxX) / 2 - thing.x) < 1e-6 && Math.abs((b.minZ + b.maxZ) / 2 - thing.z) < 1e-6);
    return { x: thing.x, z: thing.z, own };
  }
  const door = view.doors.find((d) => d.id === id);
  if (door === undefined) return undefined;
  const own: NavBox | undefined = view.solids.find((b) => Math.abs((b.minX + b.maxX) / 2 - door.x) < 1e-6 && Math.abs((b.minZ + b.maxZ) / 2 - door.z) < 1e-6 && b.minY === 0);
  return { x: door.x, z: door.z, own };
}
