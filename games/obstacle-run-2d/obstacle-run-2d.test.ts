import { describe, expect, it } from 'vitest';
import type { ActionChunk } from '../../protocol/index.js';
import { compileChunk } from '../../tests/support/pdq-driver.js';
import { describeGameBasics, expectProgressInRange, frameHashes, holdKeys as hold, runToEnd } from '../../tests/support/game-suite.js';
import type { Simulation } from '../runtime/simulation.js';
import { spawnBody, stepBody, type Controls, type RunnerBody } from './body.js';
import { Course, reachableGap } from './course.js';
import { ObstacleRun2dState, obstacleRun2dGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS, type ObstacleRun2dVariant } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => obstacleRun2dGame.create({ seed, variant, slots: [0] });
const state = (sim: Simulation): ObstacleRun2dState => ObstacleRun2dState.parse(sim.state());

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 0, dy: 0 }, steps: [['D'], ['D'], ['D', 'Space'], ['D'], [], []] },
  { look: { dx: 0, dy: 0 }, steps: [['A'], [], ['Space'], [], [], []] },
  { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], [], []] },
];

const NONE: Controls = { left: false, right: false, jump: false };
const origin = VARIANTS[0]!;

describe('obstacle_run_2d simulation', () => {
  describeGameBasics({
    game: obstacleRun2dGame,
    create,
    // A 320x180 frame after each chunk of SCHEDULE plus 2 s idle.
    hashes: (sim) => frameHashes(sim, SCHEDULE.map((chunk) => ({ ms: chunk.steps.length * 120 + 2000, inputs: compileChunk(chunk, 120) }))),
    schema: { state: ObstacleRun2dState, variant: 'steps', play: (sim) => hold(sim, ['D', 'Space'], 300) },
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its time limit with an idle player and progress in [0, 1]', (variant) => {
    const sim = create(1, variant);
    runToEnd(sim);
    expect(sim.ended()?.reason).toBe('time_limit');
    expectProgressInRange(sim);
  });

  it('ends with fell when the runner runs off the first platform', () => {
    const sim = create(1);
    hold(sim, ['D'], 5000);
    expect(sim.ended()).toEqual({ reason: 'fell', outcomes: [{ slot: 0, result: 'loss' }] });
    expect(sim.drainEvents().map((e) => e.name)).toContain('fell');
  });

  it('reports the furthest x stood on over the finish x, which never decreases', () => {
    const sim = create(1);
    hold(sim, ['D'], 600);
    const ahead = sim.progress()[0]?.progress ?? 0;
    expect(ahead).toBeCloseTo(3.6 / origin.finishX, 6);
    hold(sim, ['A'], 600);
    expect(state(sim).player.x).toBeCloseTo(0, 6);
    expect(sim.progress()[0]?.progress).toBe(ahead);
  });
});

describe('obstacle_run_2d course', () => {
  const courses = (variant: ObstacleRun2dVariant): Course[] => Array.from({ length: 30 }, (_, seed) => new Course(variant, seed));

  it.each(VARIANTS.map((v) => v.id))('keeps every gap of %s within a running jump, with a step of slack', (id) => {
    const variant = VARIANTS.find((v) => v.id === id)!;
    for (const course of courses(variant)) {
      course.platforms.slice(1).forEach((p, i) => {
        const prev = course.platforms[i]!;
        expect(p.x0 - prev.x1).toBeGreaterThan(1.1);
        expect(p.x0 - prev.x1).toBeLessThanOrEqual(reachableGap(p.top - prev.top) - 1);
      });
    }
  });

  it('starts the runner on the first platform and puts the finish line on the last', () => {
    for (const course of courses(origin)) {
      const first = course.platforms[0]!;
      const last = course.platforms[course.platforms.length - 1]!;
      expect(course.support(Rules.startX, 0)).toBe(first);
      expect(last.x0).toBeLessThanOrEqual(course.finishX - 1.5);
      expect(last.x1).toBeGreaterThan(course.finishX);
    }
  });
});

describe('obstacle_run_2d runner', () => {
  const course = new Course(origin, 1);
  const first = course.platforms[0]!;
  const second = course.platforms[1]!;
  const atEdge = (): RunnerBody => ({ ...spawnBody(), x: first.x1 - 0.1 });

  it('clears the first gap with a running jump from the edge', () => {
    const body = atEdge();
    stepBody(body, { ...NONE, right: true, jump: true }, Rules.tickMs, course);
    for (let i = 0; i < 200 && !body.onGround; i++) stepBody(body, NONE, Rules.tickMs, course);
    expect(body.onGround).toBe(true);
    expect(course.support(body.x, body.y)).toBe(second);
  });

  it('keeps its momentum in the air once the keys are released', () => {
    const body = atEdge();
    stepBody(body, { ...NONE, right: true, jump: true }, Rules.tickMs, course);
    stepBody(body, NONE, Rules.tickMs, course);
    expect(body.vx).toBe(Rules.runSpeed);
  });

  it('stops at once on the ground when the keys are released', () => {
    const body = spawnBody();
    stepBody(body, { ...NONE, right: true }, Rules.tickMs, course);
    stepBody(body, NONE, Rules.tickMs, course);
    expect(body.vx).toBe(0);
  });

  it('falls into a gap it runs onto', () => {
    const body = atEdge();
    for (let i = 0; i < 100 && body.onGround; i++) stepBody(body, { ...NONE, right: true }, Rules.tickMs, course);
    let fell = false;
    for (let i = 0; i < 400 && !fell; i++) fell = stepBody(body, NONE, Rules.tickMs, course).fell;
    expect(fell).toBe(true);
    expect(body.x).toBeLessThan(second.x0);
  });

  it('is stopped by the side of a platform it runs into', () => {
    const wall = { x0: 2, x1: 4, top: 1.2, bottom: 0.4 };
    const floor = { x0: -4, x1: 4, top: 0, bottom: -0.8 };
    const walled = Object.assign(Object.create(Course.prototype) as Course, { platforms: [floor, wall], finishX: 100, deathY: -4 });
    const body = spawnBody();
    for (let i = 0; i < 100; i++) stepBody(body, { ...NONE, right: true }, Rules.tickMs, walled);
    expect(body.x).toBeCloseTo(wall.x0 - Rules.halfWidth, 9);
    expect(body.onGround).toBe(true);
  });
});
