import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import { advance, compileChunk } from '../../tests/support/pdq-driver.js';
import type { Simulation } from '../host/simulation.js';
import { spawnBody, stepBody, type Controls } from './body.js';
import { Course, reachableGap, type Platform } from './course.js';
import { ObstacleRun3dState, obstacleRun3dGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => obstacleRun3dGame.create({ seed, variant, slots: [0] });
const state = (sim: Simulation): ObstacleRun3dState => ObstacleRun3dState.parse(sim.state());

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 20, dy: -10 }, steps: [['W'], ['W'], ['W', 'Space'], ['W'], [], []] },
  { look: { dx: -40, dy: 5 }, steps: [['S'], ['A'], [], [], [], []] },
  { look: { dx: 0, dy: 0 }, steps: [['D'], [], [], [], [], []] },
];

/** sha256 of a 320x180 frame after each chunk of SCHEDULE plus 2 s idle. */
function frameHashes(sim: Simulation): string[] {
  const out = new Uint8Array(320 * 180 * 3);
  const hashes: string[] = [];
  for (const chunk of SCHEDULE) {
    advance(sim, chunk.steps.length * 120 + 2000, compileChunk(chunk, 120));
    sim.render(0, 320, 180, out);
    hashes.push(createHash('sha256').update(out).digest('hex'));
  }
  return hashes;
}

function runIdle(sim: Simulation): void {
  for (let i = 0; i < 1_000_000 && sim.ended() === undefined; i++) sim.tick();
}

/** Holds `keys` for `ms` of game time, then releases them. */
function hold(sim: Simulation, keys: readonly string[], ms: number): void {
  for (const key of keys) sim.input({ type: 'key', at: 0, slot: 0, key, down: true });
  for (let t = 0; t < ms && sim.ended() === undefined; t += sim.tickMs) sim.tick();
  for (const key of keys) sim.input({ type: 'key', at: 0, slot: 0, key, down: false });
}

const NONE: Controls = { forward: false, back: false, left: false, right: false, jump: false };

/** Horizontal clear distance between two platform tops, m (0 when they overlap). */
const clearance = (a: Platform, b: Platform): number =>
  Math.hypot(Math.max(0, Math.abs(a.x - b.x) - a.halfX - b.halfX), Math.max(0, Math.abs(a.z - b.z) - a.halfZ - b.halfZ));

describe('obstacle_run_3d simulation', () => {
  it('gives byte-identical frames for the same seed, variant and inputs', () => {
    expect(frameHashes(create(7))).toEqual(frameHashes(create(7)));
  });

  it('gives different frames for a different seed', () => {
    expect(frameHashes(create(7))).not.toEqual(frameHashes(create(8)));
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its time limit with an idle player and progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runIdle(sim);
    expect(sim.ended()?.reason).toBe('time_limit');
    const [player] = sim.progress();
    expect(player?.progress).toBeGreaterThanOrEqual(0);
    expect(player?.progress).toBeLessThanOrEqual(1);
  });

  it('ends with fell when the player walks off the start platform', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 180, dy: 0 });
    hold(sim, ['W'], 5000);
    expect(sim.ended()).toEqual({ reason: 'fell', outcomes: [{ slot: 0, result: 'loss' }] });
    expect(sim.drainEvents().map((e) => e.name)).toContain('fell');
  });

  it('turns the camera with look events and clamps its pitch', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 200, dy: -200 });
    expect(state(sim).camera).toEqual({ yaw: -160, pitch: Rules.pitchMin });
  });

  it('walks W along the camera heading', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 90, dy: 0 });
    hold(sim, ['W'], 100);
    const { player } = state(sim);
    expect(player.x).toBeCloseTo(0.6, 6);
    expect(player.z).toBeCloseTo(0, 6);
  });

  it('measures progress along the path while standing, and never lets it fall back', () => {
    const sim = create(1);
    const { platforms, path } = state(sim);
    const next = platforms[1]!;
    sim.input({ type: 'look', at: 0, slot: 0, dx: (Math.atan2(next.x, next.z) * 180) / Math.PI, dy: 0 });
    hold(sim, ['W'], 300);
    const ahead = state(sim);
    expect(ahead.path.reached).toBeCloseTo(1.8, 6);
    expect(sim.progress()[0]?.progress).toBeCloseTo(1.8 / path.length, 9);
    hold(sim, ['S'], 300);
    expect(state(sim).path.reached).toBe(ahead.path.reached);
  });

  it('emits state its schema accepts', () => {
    const sim = create(1, 'switchback');
    hold(sim, ['W', 'Space'], 300);
    expect(ObstacleRun3dState.safeParse(sim.state()).success).toBe(true);
  });

  it("offers exactly the manifest's variants and slots", () => {
    const entry = getGame('obstacle_run_3d');
    expect([...obstacleRun3dGame.variants]).toEqual(entry.variants.map((v) => v.id));
    expect(obstacleRun3dGame.slots).toEqual(entry.slots);
    expect(VARIANTS.map((v) => v.timeLimitMs)).toEqual(entry.variants.map((v) => v.timeLimitMs ?? entry.timeLimitMs));
  });

  it('refuses an unknown variant', () => {
    expect(() => create(1, 'nope')).toThrow(RangeError);
  });
});

describe('obstacle_run_3d course', () => {
  it.each(VARIANTS.map((v) => v.id))('keeps every platform of %s within a jump of the one before, with slack', (id) => {
    const variant = VARIANTS.find((v) => v.id === id)!;
    for (let seed = 0; seed < 30; seed++) {
      const { platforms } = new Course(variant, seed);
      expect(platforms).toHaveLength(variant.platforms + 2);
      platforms.slice(1).forEach((p, i) => {
        const prev = platforms[i]!;
        expect(clearance(prev, p)).toBeGreaterThan(0.9);
        expect(clearance(prev, p)).toBeLessThanOrEqual(reachableGap(p.top - prev.top) - 1.1);
      });
    }
  });

  it.each(VARIANTS.map((v) => v.id))('keeps clear air between platforms of %s that are not neighbours', (id) => {
    const variant = VARIANTS.find((v) => v.id === id)!;
    for (let seed = 0; seed < 30; seed++) {
      const { platforms } = new Course(variant, seed);
      platforms.forEach((a, i) => platforms.slice(i + 2).forEach((b) => expect(clearance(a, b)).toBeGreaterThan(1)));
    }
  });
});

describe('obstacle_run_3d runner', () => {
  const course = new Course(VARIANTS[0]!, 1);

  it('keeps its momentum in the air once the keys are released', () => {
    const body = spawnBody(course);
    stepBody(body, { ...NONE, forward: true, jump: true }, 0, Rules.tickMs, course);
    stepBody(body, NONE, 0, Rules.tickMs, course);
    expect(body.vz).toBe(Rules.moveSpeed);
  });

  it('stops at once on the ground when the keys are released', () => {
    const body = spawnBody(course);
    stepBody(body, { ...NONE, forward: true }, 0, Rules.tickMs, course);
    stepBody(body, NONE, 0, Rules.tickMs, course);
    expect([body.vx, body.vz]).toEqual([0, 0]);
  });

  it('lands back on the platform after a standing jump', () => {
    const body = spawnBody(course);
    stepBody(body, { ...NONE, jump: true }, 0, Rules.tickMs, course);
    expect(body.onGround).toBe(false);
    for (let i = 0; i < 200 && !body.onGround; i++) stepBody(body, NONE, 0, Rules.tickMs, course);
    expect(body.onGround).toBe(true);
    expect(course.support(body.x, body.y, body.z)).toBe(course.platforms[0]);
  });
});
