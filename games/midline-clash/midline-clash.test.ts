import { describe, expect, it } from 'vitest';
import { createWorkshop, describeWorkshopGame, layoutAreas } from '../../tests/support/workshop-suite.js';
import { parseLayout, type WorkshopSimulation } from '../workshop/index.js';
import { midlineClashGame, MIDLINE_CLASH_VARIANTS } from './index.js';

describeWorkshopGame(midlineClashGame, { ownViews: true });

const create = (seed = 1, variant = 'origin'): WorkshopSimulation => createWorkshop(midlineClashGame, seed, variant);

describe('midline_clash', () => {
  it.each(MIDLINE_CLASH_VARIANTS.map((v) => [v.id, v] as const))('has a mirror-symmetric arena with slot 0 left and slot 1 right (%s)', (_id, v) => {
    const swap = (ch: string): string => (ch === '0' ? '1' : ch === '1' ? '0' : ch);
    for (const row of v.map) expect([...row].reverse().map(swap).join('')).toBe(row);
    const layout = parseLayout(v.map, v.crates);
    expect(layout.spawns.get(0)!.col).toBeLessThan(layout.spawns.get(1)!.col);
  });

  it.each(MIDLINE_CLASH_VARIANTS.map((v) => [v.id, v] as const))('gives each side its own bench and bin and shares crates and counter (%s)', (_id, v) => {
    const layout = parseLayout(v.map, v.crates);
    const { areaOf, usersOf } = layoutAreas(layout);
    expect(areaOf(0)).not.toBe(areaOf(1));
    for (const st of layout.stations) {
      const users = usersOf(st.col, st.row);
      if (st.kind === 'crate' || st.kind === 'counter') expect(users).toEqual(new Set([areaOf(0), areaOf(1)]));
      else expect(users.size).toBe(1);
    }
    for (const slot of [0, 1]) {
      for (const kind of ['workbench', 'bin'] as const) {
        expect(layout.stations.filter((s) => s.kind === kind && usersOf(s.col, s.row).has(areaOf(slot)))).toHaveLength(1);
      }
    }
  });

  it('gives the points to whoever submits and the win to whoever has more at the end', () => {
    const sim = create();
    const { world } = sim;
    const order = world.orders.open()[0]!;
    const p1 = world.player(1)!;
    const counter = world.stations.find((s) => s.kind === 'counter')!;
    p1.carrying = { ...order.item };
    Object.assign(p1.body, { x: (counter.col + 1) * 1000 + 500, y: counter.row * 1000 + 500, fx: -1, fy: 0 });
    p1.interactQueued = true;
    sim.tick();
    expect(sim.progress().map((p) => [p.slot, p.progress, p.score])).toEqual([[0, 0, 0], [1, 1, order.value]]);
    while (sim.ended() === undefined) sim.tick();
    expect(sim.ended()).toEqual({ reason: 'time_limit', outcomes: [{ slot: 0, result: 'loss' }, { slot: 1, result: 'win' }] });
  });

  it('judges a lone player against the empty seat: a draw when nobody scores', () => {
    const sim = midlineClashGame.create({ seed: 1, variant: 'blitz', slots: [0] });
    while (sim.ended() === undefined) sim.tick();
    expect(sim.ended()?.outcomes).toEqual([{ slot: 0, result: 'draw' }]);
  });

  it('calls it a draw at 0.5 each when nobody scores', () => {
    const sim = create(3, 'blitz');
    while (sim.ended() === undefined) sim.tick();
    expect(sim.progress().map((p) => p.progress)).toEqual([0.5, 0.5]);
    expect(sim.ended()?.outcomes.map((o) => o.result)).toEqual(['draw', 'draw']);
  });
});
