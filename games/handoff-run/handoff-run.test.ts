import { describe, expect, it } from 'vitest';
import { createWorkshop, describeWorkshopGame, layoutAreas } from '../../tests/support/workshop-suite.js';
import { parseLayout } from '../workshop/index.js';
import { handoffRunGame, HANDOFF_RUN_VARIANTS } from './index.js';

describeWorkshopGame(handoffRunGame);

describe('handoff_run', () => {
  it.each(HANDOFF_RUN_VARIANTS.map((v) => [v.id, v] as const))('splits the arena: crates on one side, counters on the other, transfer points between (%s)', (_id, v) => {
    const layout = parseLayout(v.map, v.crates);
    const { areaOf, usersOf } = layoutAreas(layout);
    const sides = new Set([areaOf(0), areaOf(1)]);
    expect(sides.size).toBe(2);
    const crateSides = new Set(layout.stations.filter((s) => s.kind === 'crate').flatMap((s) => [...usersOf(s.col, s.row)]));
    const counterSides = new Set(layout.stations.filter((s) => s.kind === 'counter').flatMap((s) => [...usersOf(s.col, s.row)]));
    expect(crateSides.size).toBe(1);
    expect(counterSides.size).toBe(1);
    expect([...crateSides][0]).not.toBe([...counterSides][0]);
    const transfers = layout.stations.filter((s) => s.kind === 'transfer');
    expect(transfers.length).toBeGreaterThan(0);
    for (const t of transfers) expect(usersOf(t.col, t.row)).toEqual(sides);
  });

  it('keeps each player in its own area', () => {
    const sim = createWorkshop(handoffRunGame);
    sim.input({ type: 'key', at: 0, slot: 0, key: 'D', down: true });
    sim.input({ type: 'key', at: 0, slot: 1, key: 'A', down: true });
    for (let i = 0; i < 500; i++) sim.tick();
    const [p0, p1] = sim.world.players;
    const wall = sim.world.layout.cols >> 1;
    expect(p0!.body.x).toBeLessThan(wall * 1000);
    expect(p1!.body.x).toBeGreaterThan((wall + 1) * 1000);
  });
});
