/**
 * The floor of every comparison: a seeded agent that presses random legal controls and looks around at random;
 * in a turn-based game, given the game's move space, it answers a random move in the game's notation instead.
 */
import { Prng, formatChunk, type ActionChunk, type Agent, type AgentStart, type ControlSet, type Decision, type Observation } from '../protocol/index.js';

/** Draws a random move of a turn-based game in its notation for a variant, legal or not (games/ provides them). */
export type RandomMoveSource = (variant: string, rng: Prng) => string;

/** Random moves by game id, handed in like the scripted policies. */
export type RandomMoves = Readonly<Record<string, RandomMoveSource>>;

/** A chunk of random legal controls: each control held in a step with probability 1/4, a random look. */
export function randomChunk(controls: ControlSet, rand: () => number): ActionChunk {
  const all = [...controls.keys, ...controls.buttons];
  const look = (axis: 'x' | 'y'): number => (controls.mouseAxes.includes(axis) ? Math.round((rand() * 2 - 1) * Math.min(45, controls.maxLookDeg)) : 0);
  const steps = Array.from({ length: controls.chunkSteps }, () => all.filter(() => rand() < 0.25));
  return { look: { dx: look('x'), dy: look('y') }, steps };
}

/** The `random` kind: random controls, or with `moves` a random move of the move space in a turn-based game. */
export class RandomAgent implements Agent {
  readonly kind = 'random';
  readonly privileged = false;
  readonly frameEncoding = 'rgb' as const;
  private controls: ControlSet | undefined;
  private variant = '';
  private prng: Prng;
  private rand: () => number;

  /** `moves` draws the moves of a turn-based game (none: such a game gets empty chunks, which it refuses). */
  constructor(
    readonly seed = 0,
    private readonly moves?: RandomMoveSource,
  ) {
    this.prng = new Prng(seed);
    this.rand = () => this.prng.next();
  }

  async start(info: AgentStart): Promise<void> {
    this.controls = info.controls;
    this.variant = info.variant;
    this.prng = new Prng(this.seed, info.slot + 1);
  }

  async decide(_observation: Observation): Promise<Decision> {
    const started = performance.now();
    if (!this.controls) throw new Error('random agent used before start');
    if (this.controls.move !== undefined && this.moves !== undefined) {
      const answer = formatChunk({ look: { dx: 0, dy: 0 }, steps: [[]], move: this.moves(this.variant, this.prng) });
      return { kind: 'answer', answer, timings: { wallMs: performance.now() - started } };
    }
    const chunk = randomChunk(this.controls, this.rand);
    return { kind: 'chunk', chunk, timings: { wallMs: performance.now() - started } };
  }

  async close(): Promise<void> {}
}
