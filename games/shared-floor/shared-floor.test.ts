import { describe, expect, it } from 'vitest';
import { describeWorkshopGame } from '../../tests/support/workshop-suite.js';
import { parseLayout, WorkshopSimulation, WorkshopState } from '../workshop/index.js';
import { sharedFloorGame, SHARED_FLOOR_VARIANTS } from './index.js';

describeWorkshopGame(sharedFloorGame);

const create = (seed = 1, variant = 'origin'): WorkshopSimulation => {
  const sim = sharedFloorGame.create({ seed, variant, slots: [0, 1] });
  if (!(sim instanceof WorkshopSimulation)) throw new TypeError('not a workshop simulation');
  return sim;
};

describe('shared_floor', () => {
  it.each(SHARED_FLOOR_VARIANTS.map((v) => [v.id, v] as const))('puts both players on one floor (%s)', (_id, v) => {
    const layout = parseLayout(v.map, v.crates);
    const [a, b] = [0, 1].map((slot) => {
      const s = layout.spawns.get(slot)!;
      return layout.area[s.row * layout.cols + s.col];
    });
    expect(a).toBe(b);
  });

  it('gives both players the combined progress and each its own points as score', () => {
    const sim = create();
    const { world } = sim;
    const order = world.orders.open()[0]!;
    const p0 = world.player(0)!;
    const counter = world.stations.find((s) => s.kind === 'counter')!;
    p0.carrying = { ...order.item };
    Object.assign(p0.body, { x: (counter.col - 1) * 1000 + 500, y: counter.row * 1000 + 500, fx: 1, fy: 0 });
    p0.interactQueued = true;
    sim.tick();
    const available = WorkshopState.parse(sim.state()).points.available;
    expect(sim.progress()).toEqual([
      { slot: 0, progress: order.value / available, score: order.value },
      { slot: 1, progress: order.value / available, score: 0 },
    ]);
  });

  it("renders each player's own view", () => {
    const sim = create();
    const a = new Uint8Array(320 * 180 * 3);
    const b = new Uint8Array(320 * 180 * 3);
    sim.render(0, 320, 180, a);
    sim.render(1, 320, 180, b);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(false);
  });
});
