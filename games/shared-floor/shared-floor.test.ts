import { describe, expect, it } from 'vitest';
import { createWorkshop, describeWorkshopGame, layoutAreas } from '../../tests/support/workshop-suite.js';
import { parseLayout, WorkshopState } from '../workshop/index.js';
import { sharedFloorGame, SHARED_FLOOR_VARIANTS } from './index.js';

describeWorkshopGame(sharedFloorGame, { ownViews: true });

describe('shared_floor', () => {
  it.each(SHARED_FLOOR_VARIANTS.map((v) => [v.id, v] as const))('puts both players on one floor (%s)', (_id, v) => {
    const { areaOf } = layoutAreas(parseLayout(v.map, v.crates));
    expect(areaOf(0)).toBe(areaOf(1));
  });

  it('gives both players the combined progress and each its own points as score', () => {
    const sim = createWorkshop(sharedFloorGame);
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
});
