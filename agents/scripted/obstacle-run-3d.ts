/** The scripted obstacle_run_3d policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { planObstacleRun3d, type PlanTiming } from './obstacle-run-3d-planner.js';
import { ObstacleRun3dView } from './obstacle-run-3d-state.js';

export interface ObstacleRun3dPolicyOptions {
  /** Game time the gateway runs with no keys held after each chunk, ms; default the pdq observation delay (2000). */
  readonly idleMs?: number;
}

/** A privileged agent that turns towards the next platform and walks and jumps as far along the course as it safely can in each chunk. */
export function createObstacleRun3dPolicy(options: ObstacleRun3dPolicyOptions = {}): Agent {
  let timing: PlanTiming = { chunkSteps: 6, stepMs: RunDefaults.stepMs, idleMs: options.idleMs ?? RunDefaults.observationDelayMs };
  return {
    kind: 'scripted',
    privileged: true,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      timing = { ...timing, chunkSteps: info.controls.chunkSteps, stepMs: info.controls.stepMs };
    },
    async decide(observation: Observation): Promise<Decision> {
      const started = performance.now();
      const parsed = ObstacleRun3dView.safeParse(observation.state);
      if (!parsed.success) {
        return { kind: 'chunk', chunk: noopChunk(timing.chunkSteps), timings: { wallMs: performance.now() - started }, note: 'no usable obstacle_run_3d state' };
      }
      const chunk = planObstacleRun3d(parsed.data, timing);
      return { kind: 'chunk', chunk, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
