/**
 * The tests every workshop game (solo_craft, midline_clash, shared_floor, handoff_run) must pass, registered
 * by each game's own test file: determinism, every variant to its end, state schema, manifest agreement.
 */
import { describe, expect, it } from 'vitest';
import { compileChunk } from '../../gateway/index.js';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import type { GameDefinition, Simulation } from '../../games/runtime/simulation.js';
import { WorkshopSimulation, WorkshopState, type Layout } from '../../games/workshop/index.js';
import { describeGameBasics, expectProgressInRange, frameHashes, runToEnd } from './game-suite.js';

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 0, dy: 0 }, steps: [['A'], ['A', 'W'], ['A'], ['F'], ['S'], ['D']] },
  { look: { dx: 0, dy: 0 }, steps: [['W'], ['W', 'F'], ['D'], ['D'], ['F'], []] },
  { look: { dx: 0, dy: 0 }, steps: [['S', 'A'], ['S'], ['F'], [], ['W'], ['F']] },
];

/** An episode of workshop game `game` with both seats taken, as the workshop simulation it is. */
export function createWorkshop(game: GameDefinition, seed = 1, variant = 'origin'): WorkshopSimulation {
  const sim = game.create({ seed, variant, slots: [0, 1] });
  if (!(sim instanceof WorkshopSimulation)) throw new TypeError('not a workshop simulation');
  return sim;
}

/** The floor area each slot starts in, and the areas whose floor touches a station's tile (its users). */
export function layoutAreas(layout: Layout): { areaOf: (slot: number) => number; usersOf: (col: number, row: number) => Set<number> } {
  const areaOf = (slot: number): number => {
    const s = layout.spawns.get(slot)!;
    return layout.area[s.row * layout.cols + s.col]!;
  };
  const usersOf = (col: number, row: number): Set<number> => {
    const users = new Set<number>();
    for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
      const a = layout.area[(row + dr) * layout.cols + col + dc];
      if (a !== undefined && a >= 0) users.add(a);
    }
    return users;
  };
  return { areaOf, usersOf };
}

/** What a workshop game's suite checks beyond the common tests. */
export interface WorkshopSuiteOptions {
  /** Each of the two players sees its own view from the first frame. */
  readonly ownViews?: boolean;
}

/** Registers the common workshop-game tests for `game`. */
export function describeWorkshopGame(game: GameDefinition, options: WorkshopSuiteOptions = {}): void {
  const entry = getGame(game.id);
  const slots = game.slots.map((s) => s.slot);
  const create = (seed: number, variant = 'origin'): Simulation => game.create({ seed, variant, slots });

  describe(`${game.id} (workshop engine)`, () => {
    describeGameBasics({
      game,
      create,
      // Every slot's 320x180 frame after each chunk of SCHEDULE (all slots pressing it) plus 2 s idle.
      hashes: (sim) =>
        frameHashes(
          sim,
          SCHEDULE.map((chunk) => ({ ms: chunk.steps.length * 120 + 2000, inputs: slots.flatMap((slot) => compileChunk(chunk, entry.controls, slot).inputs) })),
          slots,
        ),
    });

    it.each(game.variants)('runs variant %s to its time limit with an idle player, progress in [0, 1]', (variant) => {
      const sim = create(1, variant);
      runToEnd(sim);
      expect(sim.ended()?.reason).toBe('time_limit');
      expect(WorkshopState.parse(sim.state()).simMs).toBe(getGame(game.id).variants.find((v) => v.id === variant)?.timeLimitMs ?? entry.timeLimitMs);
      expectProgressInRange(sim);
    });

    it('emits state its schema accepts, in every variant', () => {
      for (const variant of game.variants) {
        const sim = create(2, variant);
        for (let i = 0; i < 3000; i++) sim.tick();
        expect(WorkshopState.safeParse(sim.state()).success).toBe(true);
      }
    });

    it('reports progress for every slot taking part', () => {
      expect(create(1).progress().map((p) => p.slot)).toEqual(slots);
    });

    it('takes WASD and F (a tap), no mouse, six-step chunks', () => {
      expect(entry.controls).toMatchObject({ keys: ['W', 'A', 'S', 'D', 'F'], buttons: [], tapControls: ['F'], mouseAxes: [], chunkSteps: 6 });
    });

    if (options.ownViews === true) {
      it("renders each player's own view", () => {
        const sim = createWorkshop(game);
        const a = new Uint8Array(320 * 180 * 3);
        const b = new Uint8Array(320 * 180 * 3);
        sim.render(0, 320, 180, a);
        sim.render(1, 320, 180, b);
        expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
      });
    }
  });
}
