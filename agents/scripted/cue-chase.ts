/** The scripted cue_chase policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { CueChaseView } from './cue-chase-state.js';
import { planWalkAndUse, type NavTiming } from './scene-escape-nav.js';

/** The camera tilt the policy keeps, degrees (the game's start tilt). */
const PITCH = -30;

/** A privileged agent that walks to the person the next trade names and offers the held item. */
export function createCueChasePolicy(): Agent {
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
      const idle = (note?: string): Decision => ({
        kind: 'chunk',
        chunk: noopChunk(timing.chunkSteps),
        timings: { wallMs: performance.now() - started },
        ...(note === undefined ? {} : { note }),
      });
      const parsed = CueChaseView.safeParse(observation.state);
      if (!parsed.success) return idle('no usable cue_chase state');
      const view = parsed.data;
      const trade = view.trades[view.tradeIndex];
      if (trade === undefined) return idle();
      const person = view.people.find((p) => p.id === trade.person);
      if (person === undefined) return idle(`person '${trade.person}' not found`);
      const own = view.solids.find((b) => Math.abs((b.minX + b.maxX) / 2 - person.x) < 1e-6 && Math.abs((b.minZ + b.maxZ) / 2 - person.z) < 1e-6);
      const world = { minX: -view.plaza.halfX, minZ: -view.plaza.halfZ, maxX: view.plaza.halfX, maxZ: view.plaza.halfZ, solids: view.solids };
      const chunk = planWalkAndUse(world, { ...view.rules, tickMs: view.tickMs }, timing, { x: person.x, z: person.z, own }, view.player, view.camera.yaw);
      return { kind: 'chunk', chunk: { ...chunk, look: { dx: chunk.look.dx, dy: Math.round((PITCH - view.camera.pitch) * 100) / 100 } }, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
