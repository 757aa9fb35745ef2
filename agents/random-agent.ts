/** The floor of every comparison: a seeded agent that presses random legal controls and looks around at random. */
import { Prng, type ActionChunk, type Agent, type AgentStart, type ControlSet, type Decision, type Observation } from '../protocol/index.js';

export function randomChunk(controls: ControlSet, rand: () => number): ActionChunk {
  const all = [...controls.keys, ...controls.buttons];
  const look = (axis: 'x' | 'y'): number => (controls.mouseAxes.includes(axis) ? Math.round((rand() * 2 - 1) * Math.min(45, controls.maxLookDeg)) : 0);
  const steps = Array.from({ length: controls.chunkSteps }, () => all.filter(() => rand() < 0.25));
  return { look: { dx: look('x'), dy: look('y') }, steps };
}

export class RandomAgent implements Agent {
  readonly kind = 'random';
  readonly privileged = false;
  readonly frameEncoding = 'rgb' as const;
  private controls: ControlSet | undefined;
  private rand: () => number;

  constructor(readonly seed = 0) {
    const prng = new Prng(seed);
    this.rand = () => prng.next();
  }

  async start(info: AgentStart): Promise<void> {
    this.controls = info.controls;
    const prng = new Prng(this.seed, info.slot + 1);
    this.rand = () => prng.next();
  }

  async decide(_observation: Observation): Promise<Decision> {
    const started = performance.now();
    if (!this.controls) throw new Error('random agent used before start');
    const chunk = randomChunk(this.controls, this.rand);
    return { kind: 'chunk', chunk, timings: { wallMs: performance.now() - started } };
  }

  async close(): Promise<void> {}
}
