import { describe, expect, it } from 'vitest';
import type { ActionChunk } from '../../protocol/index.js';
import { compileChunk } from '../../tests/support/pdq-driver.js';
import { describeGameBasics, expectProgressInRange, frameHashes, holdKeys as hold, runToEnd } from '../../tests/support/game-suite.js';
import type { MoveControls } from '../common/held-keys.js';
import type { Simulation } from '../runtime/simulation.js';
import { spawnBody, stepBody } from './body.js';
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

const NONE: MoveControls = { forward: false, back: false, left: false, right: false, jump: false };

/** Horizontal clear distance between two platform tops, m (0 when they overlap). */
const clearance = (a: Platform, b: Platform): number =>
  Math.hypot(Math.max(0, Math.abs(a.x - b.x) - a.halfX - b.halfX), Math.max(0, Math.abs(a.z - b.z) - a.halfZ - b.halfZ));

describe('obstacle_run_3d simulation', () => {
  describeGameBasics({
    game: obstacleRun3dGame,
    create,
    // A 320x180 frame after each chunk of SCHEDULE plus 2 s idle.
    hashes: (sim) => frameHashes(sim, SCHEDULE.map((chunk) => ({ ms: chunk.steps.length * 120 + 2000, inputs: compileChunk(chunk, 120) }))),
    look: { camera: (sim) => state(sim).camera, pitchMin: Rules.pitchMin },
    schema: { state: ObstacleRun3dState, variant: 'switchback', play: (sim) => hold(sim, ['W', 'Space'], 300) },
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its time limit with an idle player and progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runToEnd(sim);
    expect(sim.ended()?.reason).toBe('time_limit');
    expectProgressInRange(sim);
  });

  it('ends with fell when the player walks off the start platform', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 180, dy: 0 });
    hold(sim, ['W'], 5000);
    expect(sim.ended()).toEqual({ reason: 'fell', outcomes: [{ slot: 0, result: 'loss' }] });
    expect(sim.drainEvents().map((e) => e.name)).toContain('fell');
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
