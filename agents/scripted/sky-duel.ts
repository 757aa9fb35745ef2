/** The scripted sky_duel policy: plays the slot it is given from privileged state, as the specialised-policy baseline. */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { planSkyDuel, type DuelTiming } from './sky-duel-planner.js';
import { SkyDuelView } from './sky-duel-state.js';

/** A privileged agent that faces the opponent, closes in from the centre side and strikes when a hit would land. */
export function createSkyDuelPolicy(): Agent {
  let timing: DuelTiming = { chunkSteps: 6, stepMs: RunDefaults.stepMs };
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
      const parsed = SkyDuelView.safeParse(observation.state);
      if (!parsed.success) {
        return { kind: 'chunk', chunk: noopChunk(timing.chunkSteps), timings: { wallMs: performance.now() - started }, note: 'no usable sky_duel state' };
      }
      const chunk = planSkyDuel(parsed.data, slot, timing);
      return { kind: 'chunk', chunk, timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
