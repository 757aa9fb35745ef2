import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { planWalkAndUse } from '../../agents/scripted/scene-escape-nav.js';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import { compileChunk } from '../../gateway/chunk-compiler.js';
import { advance } from '../../tests/support/pdq-driver.js';
import type { Simulation } from '../host/simulation.js';
import { SceneEscapeState, sceneEscapeGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => sceneEscapeGame.create({ seed, variant, slots: [0] });
const controls = getGame('scene_escape').controls;
const stateOf = (sim: Simulation): SceneEscapeState => SceneEscapeState.parse(sim.state());
const run = (sim: Simulation, chunk: ActionChunk, idleMs = 0): void =>
  advance(sim, chunk.steps.length * controls.stepMs + idleMs, [...compileChunk(chunk, controls, 0).inputs]);
const tapF = (sim: Simulation): void => run(sim, { look: { dx: 0, dy: 0 }, steps: [['F']] });

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 20, dy: -5 }, steps: [['W'], ['W'], ['W', 'D'], [], []] },
  { look: { dx: -60, dy: 5 }, steps: [['S'], ['A', 'Space'], ['F'], [], []] },
  { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], []] },
  { look: { dx: 120, dy: 0 }, steps: [['W'], ['W'], [], [], []] },
];

/** sha256 of a 320x180 frame after each chunk of SCHEDULE plus 2 s idle. */
function frameHashes(sim: Simulation): string[] {
  const out = new Uint8Array(320 * 180 * 3);
  return SCHEDULE.map((chunk) => {
    run(sim, chunk, 2000);
    sim.render(0, 320, 180, out);
    return createHash('sha256').update(out).digest('hex');
  });
}

/** Walks (without pressing F) until the object or door `id` is within reach and faced, or 60 chunks pass. */
function walkUpTo(sim: Simulation, id: string): void {
  for (let i = 0; i < 60; i++) {
    const s = stateOf(sim);
    const spot = [...s.objects, ...s.doors].find((o) => o.id === id)!;
    const own = s.solids.find((b) => Math.abs((b.minX + b.maxX) / 2 - spot.x) < 1e-6 && Math.abs((b.minZ + b.maxZ) / 2 - spot.z) < 1e-6);
    const world = { minX: 0, minZ: 0, maxX: s.map.width, maxZ: s.map.depth, solids: s.solids };
    const chunk = planWalkAndUse(world, { ...s.rules, tickMs: s.tickMs }, controls, { x: spot.x, z: spot.z, own }, s.player, s.camera.yaw);
    const f = chunk.steps.findIndex((step) => step.includes('F'));
    if (f >= 0) {
      run(sim, { look: chunk.look, steps: chunk.steps.slice(0, f) });
      return;
    }
    run(sim, chunk);
  }
  throw new Error(`never reached ${id}`);
}

describe('scene_escape simulation', () => {
  it('gives byte-identical frames for the same seed, variant and inputs', () => {
    expect(frameHashes(create(7))).toEqual(frameHashes(create(7)));
  });

  it('gives different frames for a different seed', () => {
    expect(frameHashes(create(7))).not.toEqual(frameHashes(create(8)));
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its time limit with an idle player, progress 0', (variant) => {
    const sim = create(1, variant);
    for (let i = 0; i < 1_000_000 && sim.ended() === undefined; i++) sim.tick();
    expect(sim.ended()?.reason).toBe('time_limit');
    expect(sim.progress()[0]?.progress).toBe(0);
  });

  it('shows the prompt for the current task when the player is close to and facing its object', () => {
    const sim = create(1);
    expect(stateOf(sim).prompt).toBeNull();
    walkUpTo(sim, 'red_key');
    expect(stateOf(sim).prompt).toBe('Press F to pick up the red key');
  });

  it('completes the current task with F at its object and counts it as progress', () => {
    const sim = create(1);
    walkUpTo(sim, 'red_key');
    sim.drainEvents();
    tapF(sim);
    const s = stateOf(sim);
    expect(s.taskIndex).toBe(1);
    expect(s.inventory).toEqual(['red']);
    expect(s.objects.find((o) => o.id === 'red_key')?.used).toBe(true);
    expect(sim.progress()[0]?.progress).toBeCloseTo(1 / 7, 9);
    expect(sim.drainEvents().map((e) => e.name)).toContain('task_completed');
  });

  it('does nothing but say so when F is pressed at an object the task does not name', () => {
    const sim = create(1);
    walkUpTo(sim, 'purple_key');
    expect(stateOf(sim).prompt).toBeNull();
    tapF(sim);
    const s = stateOf(sim);
    expect(s.taskIndex).toBe(0);
    expect(s.message).toBe('Not the current task');
    expect(s.objects.find((o) => o.id === 'purple_key')?.used).toBe(false);
  });

  it('does nothing when F is pressed with no object in reach', () => {
    const sim = create(1);
    tapF(sim);
    expect(stateOf(sim).taskIndex).toBe(0);
    expect(sim.drainEvents().map((e) => e.name)).toContain('interact_nothing');
  });

  it('keeps a closed door shut to walking', () => {
    const sim = create(1);
    walkUpTo(sim, 'red_door');
    const door = stateOf(sim).doors.find((d) => d.id === 'red_door')!;
    sim.input({ type: 'look', at: 0, slot: 0, dx: 90 - stateOf(sim).camera.yaw, dy: 0 });
    run(sim, { look: { dx: 0, dy: 0 }, steps: Array.from({ length: 5 }, () => ['W']) });
    expect(stateOf(sim).player.x).toBeLessThan(door.x - Rules.playerRadius + 1e-6);
  });

  it('turns the camera with look events and clamps its pitch', () => {
    const sim = create(1);
    sim.input({ type: 'look', at: 0, slot: 0, dx: 200, dy: -200 });
    expect(stateOf(sim).camera).toEqual({ yaw: -160, pitch: Rules.pitchMin });
  });

  it('emits state its schema accepts', () => {
    const sim = create(1, 'vault');
    for (let i = 0; i < 200; i++) sim.tick();
    expect(SceneEscapeState.safeParse(sim.state()).success).toBe(true);
  });

  it("offers exactly the manifest's variants and slots", () => {
    const entry = getGame('scene_escape');
    expect([...sceneEscapeGame.variants]).toEqual(entry.variants.map((v) => v.id));
    expect(sceneEscapeGame.slots).toEqual(entry.slots);
    for (const v of VARIANTS) expect(entry.variants.find((e) => e.id === v.id)?.timeLimitMs ?? entry.timeLimitMs).toBe(v.timeLimitMs);
  });

  it('refuses an unknown variant', () => {
    expect(() => create(1, 'nope')).toThrow(RangeError);
  });
});
