import { describe, expect, it } from 'vitest';
import { Prng } from '../../protocol/index.js';
import type { SimEvent } from '../runtime/simulation.js';
import { HANDOFF_RUN_VARIANTS } from '../handoff-run/index.js';
import { MIDLINE_CLASH_VARIANTS } from '../midline-clash/index.js';
import { SHARED_FLOOR_VARIANTS } from '../shared-floor/index.js';
import { SOLO_CRAFT_VARIANTS } from '../solo-craft/index.js';
import { parseLayout } from './layout.js';
import { moveBody, targetStation } from './movement.js';
import { OrderBook, scheduleOrders, type OrderPlan } from './orders.js';
import { Rules } from './rules.js';
import { outcomesOf, progressOf } from './scoring.js';
import type { WorkshopVariant } from './variant.js';
import { World } from './world.js';

const PLAN: OrderPlan = { mix: [{ kind: 'GEAR', weight: 1 }], highChance: 0, initial: 2, intervalMs: 10_000, jitterMs: 0, basicMs: 20_000, highMs: 30_000 };

const variant = (map: readonly string[], orders: OrderPlan = PLAN): WorkshopVariant => ({ id: 'test', map, crates: ['GEAR', 'PIPE'], timeLimitMs: 60_000, upgradeMs: 2000, orders });

/** A 7x5 room: crate a top-left, bench, counter, bin, transfer along the walls; players 0 and 1. */
const ROOM = variant(['#aWCXT#', '#.....#', '#.0.1.#', '#.....#', '#######']);

const ticks = (world: World, n: number, events: SimEvent[] = []): SimEvent[] => {
  for (let i = 0; i < n; i++) world.tick(events);
  return events;
};

/** Puts `slot`'s player on tile (col, row), facing (fx, fy). */
function place(world: World, slot: number, col: number, row: number, fx = 0, fy = -1): void {
  const body = world.player(slot)!.body;
  Object.assign(body, { x: col * Rules.unit + 500, y: row * Rules.unit + 500, fx, fy });
}

function press(world: World, slot: number): SimEvent[] {
  world.player(slot)!.interactQueued = true;
  return ticks(world, 1).filter((e) => e.slot === slot);
}

describe('workshop layout', () => {
  it('reads stations, starts and floor areas from the map', () => {
    const layout = parseLayout(['#aT.#', '#0#1#', '#####'], ['GEAR']);
    expect(layout.stations.map((s) => [s.kind, s.col, s.row, s.supply])).toEqual([
      ['crate', 1, 0, 'GEAR'],
      ['transfer', 2, 0, undefined],
    ]);
    expect([...layout.spawns.entries()]).toEqual([[0, { col: 1, row: 1 }], [1, { col: 3, row: 1 }]]);
    expect(layout.area[1 * 5 + 1]).not.toBe(layout.area[1 * 5 + 3]);
  });

  it('refuses a ragged map, an unknown character and a crate without a part', () => {
    expect(() => parseLayout(['###', '##'], [])).toThrow(RangeError);
    expect(() => parseLayout(['#?#'], [])).toThrow(RangeError);
    expect(() => parseLayout(['#b#'], ['GEAR'])).toThrow(RangeError);
  });
});

describe('workshop movement', () => {
  it('moves W up the screen and D to the right by 50 units a tick', () => {
    const world = new World(ROOM, [0], 1);
    const p = world.player(0)!;
    const start = { ...p.body };
    p.held.add('W');
    ticks(world, 4);
    expect([p.body.x, p.body.y]).toEqual([start.x, start.y - 4 * Rules.moveStep]);
    p.held.delete('W');
    p.held.add('D');
    ticks(world, 2);
    expect(p.body.x).toBe(start.x + 2 * Rules.moveStep);
  });

  it('stops the footprint at a wall', () => {
    const world = new World(ROOM, [0], 1);
    const p = world.player(0)!;
    p.held.add('S');
    ticks(world, 200);
    expect(p.body.y).toBe(4 * Rules.unit - Rules.halfSize);
  });

  it('slides a straight move blocked by a corner into line with the open tile ahead', () => {
    const layout = parseLayout(['#####', '#...#', '##.##', '#####'], []);
    const body = { x: 2 * Rules.unit + 750, y: 1500, fx: 0, fy: 1 };
    for (let i = 0; i < 40; i++) moveBody(body, 0, 1, layout);
    // Slid just far enough for the footprint to fit the one-tile opening.
    expect(body.x).toBe(3 * Rules.unit - Rules.halfSize);
    expect(Math.floor(body.y / Rules.unit)).toBe(2);
  });

  it('acts on the faced station, else the nearest one beside the player', () => {
    const layout = parseLayout(['#####', '#a.b#', '#.0.#', '#####'], ['GEAR', 'PIPE']);
    const at = (c: number, r: number) => layout.stations.find((s) => s.col === c && s.row === r);
    const body = { x: 2500, y: 1500, fx: 1, fy: 0 };
    expect(targetStation(body, at)?.supply).toBe('PIPE');
    expect(targetStation({ ...body, fx: -1 }, at)?.supply).toBe('GEAR');
    expect(targetStation({ ...body, fx: 0, fy: 1, x: 2400 }, at)?.supply).toBe('GEAR');
    expect(targetStation({ ...body, y: 2500 }, at)).toBeUndefined();
  });
});

describe('workshop stations', () => {
  it('hands out a basic part at a crate and refuses a second one', () => {
    const world = new World(ROOM, [0], 1);
    place(world, 0, 1, 1);
    expect(press(world, 0).map((e) => e.name)).toEqual(['picked_up']);
    expect(world.player(0)!.carrying).toEqual({ kind: 'GEAR', high: false });
    expect(press(world, 0)[0]?.data?.why).toBe('HANDS FULL');
  });

  it('upgrades a part on the workbench in exactly upgradeMs, then gives it back High-grade', () => {
    const world = new World(ROOM, [0], 1);
    const p = world.player(0)!;
    p.carrying = { kind: 'GEAR', high: false };
    place(world, 0, 2, 1);
    expect(press(world, 0).map((e) => e.name)).toEqual(['upgrade_started']);
    const done = ticks(world, ROOM.upgradeMs / Rules.tickMs).filter((e) => e.name === 'upgrade_done');
    expect(done).toHaveLength(1);
    expect(press(world, 0).map((e) => e.name)).toEqual(['took_item']);
    expect(p.carrying).toEqual({ kind: 'GEAR', high: true });
  });

  it('refuses to take a part before its upgrade is done', () => {
    const world = new World(ROOM, [0], 1);
    world.player(0)!.carrying = { kind: 'GEAR', high: false };
    place(world, 0, 2, 1);
    press(world, 0);
    ticks(world, 10);
    expect(press(world, 0)[0]?.data?.why).toBe('UPGRADING, WAIT');
  });

  it('fills the most urgent matching order at the counter and scores its value for the submitter', () => {
    const world = new World(ROOM, [0, 1], 1);
    world.player(1)!.carrying = { kind: 'GEAR', high: false };
    place(world, 1, 3, 1);
    const [event] = press(world, 1);
    expect(event).toMatchObject({ name: 'order_submitted', data: { order: 1, value: Rules.basicValue } });
    expect(world.orders.scored(1)).toBe(Rules.basicValue);
    expect(world.orders.scored(0)).toBe(0);
    expect(world.player(1)!.carrying).toBeUndefined();
  });

  it('refuses an item no order asks for and leaves it in hand', () => {
    const world = new World(ROOM, [0], 1);
    world.player(0)!.carrying = { kind: 'GEAR', high: true };
    place(world, 0, 3, 1);
    expect(press(world, 0).map((e) => e.name)).toEqual(['submit_rejected']);
    expect(world.player(0)!.carrying).toEqual({ kind: 'GEAR', high: true });
    expect(world.player(0)!.notice?.text).toBe('NO ORDER FOR HIGH-GRADE GEAR');
  });

  it('discards the carried item at the bin', () => {
    const world = new World(ROOM, [0], 1);
    world.player(0)!.carrying = { kind: 'PIPE', high: false };
    place(world, 0, 4, 1);
    expect(press(world, 0).map((e) => e.name)).toEqual(['discarded']);
    expect(world.player(0)!.carrying).toBeUndefined();
  });

  it('holds one item on a transfer point for anyone to take', () => {
    const world = new World(ROOM, [0, 1], 1);
    world.player(0)!.carrying = { kind: 'PIPE', high: false };
    world.player(1)!.carrying = { kind: 'GEAR', high: false };
    place(world, 0, 5, 1);
    place(world, 1, 5, 1);
    expect(press(world, 0).map((e) => e.name)).toEqual(['placed_item']);
    expect(press(world, 1)[0]?.data?.why).toBe('TRANSFER POINT IS FULL');
    world.player(1)!.carrying = undefined;
    expect(press(world, 1).map((e) => e.name)).toEqual(['took_item']);
    expect(world.player(1)!.carrying).toEqual({ kind: 'PIPE', high: false });
  });

  it('acts once per F press, however long F is held', () => {
    const world = new World(ROOM, [0], 1);
    place(world, 0, 1, 1);
    const events = press(world, 0);
    ticks(world, 50, events);
    expect(events.filter((e) => e.name === 'picked_up')).toHaveLength(1);
  });
});

describe('workshop orders', () => {
  it('posts on schedule, expires unfilled orders, and counts every posted order as available', () => {
    const world = new World(ROOM, [0], 1);
    expect(world.orders.open()).toHaveLength(2);
    const events = ticks(world, PLAN.basicMs / Rules.tickMs);
    expect(events.filter((e) => e.name === 'order_posted')).toHaveLength(2);
    expect(events.filter((e) => e.name === 'order_expired')).toHaveLength(2);
    expect(world.orders.available()).toBe(4 * Rules.basicValue);
  });

  it('draws the same schedule for the same seed and another for another seed', () => {
    const plan = { ...PLAN, highChance: 0.5, jitterMs: 2000, mix: [{ kind: 'GEAR', weight: 1 }, { kind: 'PIPE', weight: 2 }] };
    const draw = (seed: number) => scheduleOrders(plan, 300_000, new Prng(seed, 7)).map((o) => [o.item.kind, o.item.high, o.postMs]);
    expect(draw(3)).toEqual(draw(3));
    expect(draw(3)).not.toEqual(draw(4));
  });

  it.each([...SOLO_CRAFT_VARIANTS, ...MIDLINE_CLASH_VARIANTS, ...SHARED_FLOOR_VARIANTS, ...HANDOFF_RUN_VARIANTS].map((v) => [v.id, v] as const))(
    'never has more orders open than the order panel shows (%s)',
    (_id, v) => {
      for (let seed = 1; seed <= 30; seed++) {
        const orders = scheduleOrders(v.orders, v.timeLimitMs, new Prng(seed, 7));
        for (const o of orders) expect(orders.filter((x) => x.postMs <= o.postMs && x.expiresMs > o.postMs).length).toBeLessThanOrEqual(Rules.maxActiveOrders);
      }
    },
  );
});

describe('workshop scoring', () => {
  const book = (filledBy: readonly number[]): OrderBook => {
    const orders = scheduleOrders(PLAN, 60_000, new Prng(1, 7));
    const b = new OrderBook(orders);
    b.update(0, []);
    filledBy.forEach((slot) => b.fill({ kind: 'GEAR', high: false }, slot));
    return b;
  };

  it('gives pvp players half each before anyone scores, then their share of the points', () => {
    expect(progressOf('pvp', book([]), [0, 1]).map((p) => p.progress)).toEqual([0.5, 0.5]);
    expect(progressOf('pvp', book([1]), [0, 1]).map((p) => p.progress)).toEqual([0, 1]);
  });

  it('gives coop players the same progress and each its own points as score', () => {
    expect(progressOf('coop', book([1]), [0, 1])).toEqual([
      { slot: 0, progress: 0.5, score: 0 },
      { slot: 1, progress: 0.5, score: Rules.basicValue },
    ]);
  });

  it('decides pvp outcomes by points', () => {
    expect(outcomesOf('pvp', book([0, 0]), [0, 1]).map((o) => o.result)).toEqual(['win', 'loss']);
    expect(outcomesOf('pvp', book([0, 1]), [0, 1]).map((o) => o.result)).toEqual(['draw', 'draw']);
    expect(outcomesOf('coop', book([0]), [0, 1]).map((o) => o.result)).toEqual(['none', 'none']);
  });

  it('lets either player win a same-tick race for the last order, depending on the seed', () => {
    const winners = new Set<number>();
    for (let seed = 1; seed <= 12; seed++) {
      const world = new World(variant(['#######', '#.0C1.#', '#######'], { ...PLAN, initial: 1 }), [0, 1], seed);
      world.player(0)!.carrying = { kind: 'GEAR', high: false };
      world.player(1)!.carrying = { kind: 'GEAR', high: false };
      place(world, 0, 2, 1, 1, 0);
      place(world, 1, 4, 1, -1, 0);
      world.player(0)!.interactQueued = true;
      world.player(1)!.interactQueued = true;
      const submitted = ticks(world, 1).find((e) => e.name === 'order_submitted');
      winners.add(submitted?.slot ?? -1);
    }
    expect([...winners].sort()).toEqual([0, 1]);
  });
});
