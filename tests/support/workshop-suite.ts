/**
 * The tests every workshop game (solo_craft, midline_clash, shared_floor, handoff_run) must pass, registered
 * by each game's own test file: determinism, every variant to its end, state schema, manifest agreement.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { compileChunk } from '../../gateway/index.js';
import { getGame } from '../../games-manifest/index.js';
import type { ActionChunk } from '../../protocol/index.js';
import type { GameDefinition, Simulation } from '../../games/host/simulation.js';
import { WorkshopState } from '../../games/workshop/index.js';
import { advance } from './pdq-driver.js';

const SCHEDULE: readonly ActionChunk[] = [
  { look: { dx: 0, dy: 0 }, steps: [['A'], ['A', 'W'], ['A'], ['F'], ['S'], ['D']] },
  { look: { dx: 0, dy: 0 }, steps: [['W'], ['W', 'F'], ['D'], ['D'], ['F'], []] },
  { look: { dx: 0, dy: 0 }, steps: [['S', 'A'], ['S'], ['F'], [], ['W'], ['F']] },
];

/** Registers the common workshop-game tests for `game`. */
export function describeWorkshopGame(game: GameDefinition): void {
  const entry = getGame(game.id);
  const slots = game.slots.map((s) => s.slot);
  const create = (seed: number, variant = 'origin'): Simulation => game.create({ seed, variant, slots });

  /** sha256 of every slot's 320x180 frame after each chunk of SCHEDULE (all slots pressing it) plus 2 s idle. */
  function frameHashes(sim: Simulation): string[] {
    const out = new Uint8Array(320 * 180 * 3);
    const hashes: string[] = [];
    for (const chunk of SCHEDULE) {
      advance(sim, chunk.steps.length * 120 + 2000, slots.flatMap((slot) => compileChunk(chunk, entry.controls, slot).inputs));
      for (const slot of slots) {
        sim.render(slot, 320, 180, out);
        hashes.push(createHash('sha256').update(out).digest('hex'));
      }
    }
    return hashes;
  }

  describe(`${game.id} (workshop engine)`, () => {
    it('gives byte-identical frames for the same seed, variant and inputs', () => {
      expect(frameHashes(create(7))).toEqual(frameHashes(create(7)));
    });

    it('gives different frames for a different seed', () => {
      expect(frameHashes(create(7))).not.toEqual(frameHashes(create(8)));
    });

    it.each(game.variants)('runs variant %s to its time limit with an idle player, progress in [0, 1]', (variant) => {
      const sim = create(1, variant);
      for (let i = 0; i < 1_000_000 && sim.ended() === undefined; i++) sim.tick();
      expect(sim.ended()?.reason).toBe('time_limit');
      expect(WorkshopState.parse(sim.state()).simMs).toBe(getGame(game.id).variants.find((v) => v.id === variant)?.timeLimitMs ?? entry.timeLimitMs);
      for (const p of sim.progress()) {
        expect(p.progress).toBeGreaterThanOrEqual(0);
        expect(p.progress).toBeLessThanOrEqual(1);
      }
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

    it("offers exactly the manifest's variants and slots", () => {
      expect([...game.variants]).toEqual(entry.variants.map((v) => v.id));
      expect(game.slots).toEqual(entry.slots);
    });

    it('takes WASD and F (a tap), no mouse, six-step chunks', () => {
      expect(entry.controls).toMatchObject({ keys: ['W', 'A', 'S', 'D', 'F'], buttons: [], tapControls: ['F'], mouseAxes: [], chunkSteps: 6 });
    });

    it('refuses an unknown variant', () => {
      expect(() => create(1, 'nope')).toThrow(RangeError);
    });
  });
}
