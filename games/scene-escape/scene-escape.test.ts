import { describe, expect, it } from 'vitest';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import { describeGameBasics, runToEnd } from '../../tests/support/game-suite.js';
import { runChunk, scheduleHashes, walkUpTo as walkUpToTarget } from '../../tests/support/walk-up-to.js';
import type { Simulation } from '../runtime/simulation.js';
import { SceneEscapeState, sceneEscapeGame } from './index.js';
import { Rules } from './rules.js';
import { VARIANTS } from './variants.js';

const create = (seed: number, variant = 'origin'): Simulation => sceneEscapeGame.create({ seed, variant, slots: [0] });
const controls = getGame('scene_escape').controls;
const stateOf = (sim: Simulation): SceneEscapeState => SceneEscapeState.parse(sim.state());
const run = (sim: Simulation, chunk: ActionChunk): void => runChunk(sim, controls, chunk);
const tapF = (sim: Simulation): void => run(sim, { look: { dx: 0, dy: 0 }, steps: [['F']] });

/** Walks (without pressing F) until the object or door `id` is within reach and faced, or 60 chunks pass. */
function walkUpTo(sim: Simulation, id: string): void {
  walkUpToTarget(sim, controls, 60, id, () => {
    const s = stateOf(sim);
    return { state: s, bounds: { minX: 0, minZ: 0, maxX: s.map.width, maxZ: s.map.depth }, target: [...s.objects, ...s.doors].find((o) => o.id === id)! };
  });
}

describe('scene_escape simulation', () => {
  describeGameBasics({
    game: sceneEscapeGame,
    create,
    hashes: (sim) => scheduleHashes(sim, controls),
    look: { camera: (sim) => stateOf(sim).camera, pitchMin: Rules.pitchMin },
    schema: {
      state: SceneEscapeState,
      variant: 'vault',
      play: (sim) => {
        for (let i = 0; i < 200; i++) sim.tick();
      },
    },
  });

  it.each(VARIANTS.map((v) => v.id))('runs variant %s to its time limit with an idle player, progress 0', (variant) => {
    const sim = create(1, variant);
    runToEnd(sim);
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
});
