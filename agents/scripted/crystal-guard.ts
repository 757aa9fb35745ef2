/** The scripted crystal_guard policy: plays the slot it is given from privileged state, as the specialised-policy baseline. */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { planCrystalGuard, type GuardTiming } from './crystal-guard-planner.js';
import { CrystalGuardView } from './crystal-guard-state.js';

/** A privileged agent that walks to a spot in sight of the enemy crystal and shoots it whenever its gate is open. */
export function createCrystalGuardPolicy(): Agent {
  let timing: GuardTiming = { chunkSteps: 6, stepMs: RunDefaults.stepMs };
  let slot = 0;
  return {
    kind: 'scripted',
    privileged: true,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      timing = { chunkSteps: info.controls.chunkSteps, stepMs: info.controls.stepMs };
      slot = info.slot;
    },
    async decide(observation: Observation): Promise<Decision> {
      const started = performance.now();
      const parsed = CrystalGuardView.safeParse(observation.state);
      if (!parsed.success) {
        return { kind: 'chunk', chunk: noopChunk(timing.chunkSteps), timings: { wallMs: performance.now() - started }, note: 'no usable crystal_guard state' };
      }
      const chunk = planCrystalGuard(parsed.data, slot, timing);
      return { kind: 'chunk', chunk, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
