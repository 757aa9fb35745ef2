/** The scripted last_stand policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { planLastStand, type PlanTiming } from './last-stand-planner.js';
import { LastStandView } from './last-stand-state.js';

export interface LastStandPolicyOptions {
  /** Game time the gateway runs with no keys held after each chunk, ms; default the pdq observation delay (2000). */
  readonly idleMs?: number;
}

/** A privileged agent that keeps the player on the safest intact tile it can reach. */
export function createLastStandPolicy(options: LastStandPolicyOptions = {}): Agent {
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
      const parsed = LastStandView.safeParse(observation.state);
      if (!parsed.success) {
        return { kind: 'chunk', chunk: noopChunk(timing.chunkSteps), timings: { wallMs: performance.now() - started }, note: 'no usable last_stand state' };
      }
      const chunk = planLastStand(parsed.data, timing);
      return { kind: 'chunk', chunk, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
