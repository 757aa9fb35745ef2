/** The scripted monster_shoot policy: plays from privileged state, as the benchmark's specialised-policy baseline. */
import { RunDefaults } from '../../games-manifest/index.js';
import { noopChunk, type Agent, type AgentStart, type Decision, type Observation } from '../../protocol/index.js';
import { planMonsterShoot, type ShootTiming } from './monster-shoot-planner.js';
import { MonsterShootView } from './monster-shoot-state.js';

export interface MonsterShootPolicyOptions {
  /** Game time the gateway runs with no keys held after each chunk, ms; default the pdq observation delay (2000). */
  readonly idleMs?: number;
}

/** A privileged agent that shoots the most urgent visible monster and backs away from close ones. */
export function createMonsterShootPolicy(options: MonsterShootPolicyOptions = {}): Agent {
  let timing: ShootTiming = { chunkSteps: 5, stepMs: RunDefaults.stepMs, idleMs: options.idleMs ?? RunDefaults.observationDelayMs };
  return {
    kind: 'scripted',
    privileged: true,
    frameEncoding: 'rgb',
    async start(info: AgentStart) {
      timing = { ...timing, chunkSteps: info.controls.chunkSteps, stepMs: info.controls.stepMs };
    },
    async decide(observation: Observation): Promise<Decision> {
      const started = performance.now();
      const parsed = MonsterShootView.safeParse(observation.state);
      if (!parsed.success) {
        return { kind: 'chunk', chunk: noopChunk(timing.chunkSteps), timings: { wallMs: performance.now() - started }, note: 'no usable monster_shoot state' };
      }
      return { kind: 'chunk', chunk: planMonsterShoot(parsed.data, timing), timings: { wallMs: performance.now() - started } };
    },
    async close() {},
  };
}
