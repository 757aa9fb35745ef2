/**
 * The tests every reference game's own suite repeats, registered inside the caller's `describe`: byte-identical
 * frames, seed sensitivity, one view per player, the camera's pitch clamp, the state schema, manifest agreement
 * and refusing an unknown variant. Also the helpers those suites share.
 */
import { createHash } from 'node:crypto';
import { expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { getGame } from '../../games-manifest/index.js';
import type { InputEvent } from '../../protocol/index.js';
import type { GameDefinition, Simulation } from '../../games/runtime/simulation.js';
import { advance } from './pdq-driver.js';

/** A stretch of play: `inputs` (their `at` in ms from its start) delivered over `ms` of game time. */
export interface Stretch {
  readonly ms: number;
  readonly inputs: readonly InputEvent[];
}

/** sha256 of each of `slots`' 320x180 frame after each stretch of play. */
export function frameHashes(sim: Simulation, stretches: readonly Stretch[], slots: readonly number[] = [0]): string[] {
  const out = new Uint8Array(320 * 180 * 3);
  const hashes: string[] = [];
  for (const stretch of stretches) {
    advance(sim, stretch.ms, stretch.inputs);
    for (const slot of slots) {
      sim.render(slot, 320, 180, out);
      hashes.push(createHash('sha256').update(out).digest('hex'));
    }
  }
  return hashes;
}

/** Ticks `sim` until it ends, for at most `maxTicks` ticks. */
export function runToEnd(sim: Simulation, maxTicks = 1_000_000): void {
  for (let i = 0; i < maxTicks && sim.ended() === undefined; i++) sim.tick();
}

/** Asserts `sim` reports progress for at least one slot, every value within [0, 1]. */
export function expectProgressInRange(sim: Simulation): void {
  const progress = sim.progress();
  expect(progress.length).toBeGreaterThan(0);
  for (const p of progress) {
    expect(p.progress).toBeGreaterThanOrEqual(0);
    expect(p.progress).toBeLessThanOrEqual(1);
  }
}

/** What the common tests need of one game. */
export interface GameSuite {
  readonly game: GameDefinition;
  /** Starts an episode with the slots the game's tests use. */
  readonly create: (seed: number, variant?: string) => Simulation;
  /** Frame hashes after a fixed schedule of play. */
  readonly hashes: (sim: Simulation) => string[];
  /** Each player has its own view: `hashes` holds slot 0's and slot 1's frame, in turn, after each stretch. */
  readonly twoViews?: boolean;
  /** The camera heading and tilt in the state, and the lowest tilt, for the look test. */
  readonly look?: { readonly camera: (sim: Simulation) => { readonly yaw: number; readonly pitch: number }; readonly pitchMin: number };
  /** The state schema, checked after `play` on `variant`. */
  readonly schema?: { readonly state: ZodType; readonly variant: string; readonly play: (sim: Simulation) => void };
}

/** Registers the common tests of `suite.game` in the current describe block. */
export function describeGameBasics(suite: GameSuite): void {
  const { game, create, hashes } = suite;

  it('gives byte-identical frames for the same seed, variant and inputs', () => {
    expect(hashes(create(7))).toEqual(hashes(create(7)));
  });

  it('gives different frames for a different seed', () => {
    expect(hashes(create(7))).not.toEqual(hashes(create(8)));
  });

  if (suite.twoViews === true) {
    it('renders a different view for each player', () => {
      const [a, b] = hashes(create(7));
      expect(a).not.toEqual(b);
    });
  }

  const { look } = suite;
  if (look !== undefined) {
    it('turns the camera with look events and clamps its pitch', () => {
      const sim = create(1);
      sim.input({ type: 'look', at: 0, slot: 0, dx: 200, dy: -200 });
      const { yaw, pitch } = look.camera(sim);
      expect({ yaw, pitch }).toEqual({ yaw: -160, pitch: look.pitchMin });
    });
  }

  const { schema } = suite;
  if (schema !== undefined) {
    it('emits state its schema accepts', () => {
      const sim = create(1, schema.variant);
      schema.play(sim);
      expect(schema.state.safeParse(sim.state()).success).toBe(true);
    });
  }

  it("offers the manifest's slots", () => {
    expect(game.slots).toEqual(getGame(game.id).slots);
  });

  it('refuses an unknown variant', () => {
    expect(() => create(1, 'nope')).toThrow(RangeError);
  });

  it("plays to the run's time limit where it is shorter than the variant's", () => {
    const runLimitMs = 4000;
    const sim = game.create({ seed: 1, variant: game.variants[0]!, slots: game.slots.map((s) => s.slot), timeLimitMs: runLimitMs });
    let ms = 0;
    while (sim.ended() === undefined && ms < 2 * runLimitMs) {
      sim.tick();
      ms += sim.tickMs;
    }
    const end = sim.ended();
    expect(end, 'the episode ends by the run limit at the latest').toBeDefined();
    // Nobody acted, so only the timer (or the game itself, as when a player falls) ends it, never later than the run's limit.
    if (end!.reason === 'time_limit') expect(ms).toBe(Math.ceil(runLimitMs / sim.tickMs) * sim.tickMs);
    else expect(ms).toBeLessThanOrEqual(runLimitMs);
    const state = sim.state() as { timeLimitMs?: number };
    if (state.timeLimitMs !== undefined) expect(state.timeLimitMs).toBe(runLimitMs);
    expectProgressInRange(sim);
  });
}

/** Holds `keys` for slot 0 for `ms` of game time (or until the end), then releases them. */
export function holdKeys(sim: Simulation, keys: readonly string[], ms: number): void {
  for (const key of keys) sim.input({ type: 'key', at: 0, slot: 0, key, down: true });
  for (let t = 0; t < ms && sim.ended() === undefined; t += sim.tickMs) sim.tick();
  for (const key of keys) sim.input({ type: 'key', at: 0, slot: 0, key, down: false });
}
