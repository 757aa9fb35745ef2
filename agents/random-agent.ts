/** The floor of every comparison: a seeded agent that presses random legal controls and looks around at random. */
import type { ActionChunk, Agent, AgentStart, ControlSet, Decision, Observation } from '../protocol/index.js';

/** mulberry32 over a 32-bit seed: small, fast and the same everywhere. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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
    this.rand = prng(seed);
  }

  async start(info: AgentStart): Promise<void> {
    this.controls = info.controls;
    this.rand = prng((this.seed * 31 + info.slot + 1) >>> 0);
  }

  async decide(_observation: Observation): Promise<Decision> {
    const started = performance.now();
    if (!this.controls) throw new Error('random agent used before start');
    const chunk = randomChunk(this.controls, this.rand);
    return { kind: 'chunk', chunk, timings: { wallMs: performance.now() - started } };
  }

  async close(): Promise<void> {}
}
