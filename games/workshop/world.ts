/** The workshop world: the arena, its stations, the players and the order list, advanced tick by tick. */
import type { SimEvent } from '../runtime/simulation.js';
import { Prng } from '../../protocol/index.js';
import { itemLabel, type Item } from './items.js';
import { parseLayout, type Layout } from './layout.js';
import { moveBody, targetStation, tileOf, type Body } from './movement.js';
import { OrderBook, scheduleOrders, type OrderChange } from './orders.js';
import { Rules } from './rules.js';
import { actionAt, advanceWork, interact, type Action, type Station } from './stations.js';
import type { WorkshopVariant } from './variant.js';

/** Movement keys a player may hold. */
export type MoveKey = 'W' | 'A' | 'S' | 'D';

/** A player's body, hands, held keys and last notice. */
export interface Player {
  readonly slot: number;
  readonly body: Body;
  carrying: Item | undefined;
  /** The floor area the player walks in (areas are split by walls and stations). */
  readonly area: number;
  readonly held: Set<MoveKey>;
  /** F was pressed since the last tick. */
  interactQueued: boolean;
  notice: { text: string; untilMs: number } | undefined;
}

/** Everything that changes during an episode, advanced one tick at a time. */
export class World {
  simMs = 0;
  readonly layout: Layout;
  readonly stations: readonly Station[];
  readonly players: readonly Player[];
  readonly orders: OrderBook;
  private readonly grid: (Station | undefined)[];
  /** Decides who goes first when several players press F on the same tick. */
  private readonly turnRng: Prng;

  constructor(
    readonly variant: WorkshopVariant,
    slots: readonly number[],
    seed: number,
  ) {
    this.layout = parseLayout(variant.map, variant.crates);
    this.stations = this.layout.stations.map((s) => ({ ...s, holding: undefined, workLeftMs: 0 }));
    this.grid = new Array<Station | undefined>(this.layout.cols * this.layout.rows).fill(undefined);
    for (const s of this.stations) this.grid[s.row * this.layout.cols + s.col] = s;
    this.players = slots.map((slot) => {
      const spawn = this.layout.spawns.get(slot);
      if (spawn === undefined) throw new RangeError(`variant '${variant.id}' has no start for slot ${slot}`);
      const body = { x: spawn.col * Rules.unit + Rules.unit / 2, y: spawn.row * Rules.unit + Rules.unit / 2, fx: 0, fy: 1 };
      const area = this.layout.area[spawn.row * this.layout.cols + spawn.col] ?? -1;
      return { slot, body, carrying: undefined, area, held: new Set<MoveKey>(), interactQueued: false, notice: undefined };
    });
    this.orders = new OrderBook(scheduleOrders(variant.orders, variant.timeLimitMs, new Prng(seed, 7)));
    this.orders.update(0, []);
    this.turnRng = new Prng(seed, 11);
  }

  /** The station on tile (col, row), if any. */
  stationAt = (col: number, row: number): Station | undefined => {
    if (col < 0 || row < 0 || col >= this.layout.cols || row >= this.layout.rows) return undefined;
    return this.grid[row * this.layout.cols + col];
  };

  player(slot: number): Player | undefined {
    return this.players.find((p) => p.slot === slot);
  }

  /** The station `player` would act on now, if any. */
  target(player: Player): Station | undefined {
    const spec = targetStation(player.body, this.stationAt);
    return spec === undefined ? undefined : this.stations[spec.id];
  }

  /** What F would do for `player` now, if a station is in reach. */
  pendingAction(player: Player): { station: Station; action: Action } | undefined {
    const station = this.target(player);
    return station === undefined ? undefined : { station, action: actionAt(station, player.carrying) };
  }

  /** Runs one tick: orders, workbenches, then each player's F (before moving; same-tick presses in a seeded order), then movement. */
  tick(events: SimEvent[]): void {
    this.simMs += Rules.tickMs;
    const changes: OrderChange[] = [];
    this.orders.update(this.simMs, changes);
    for (const { name, order } of changes) {
      events.push({ name, data: { order: order.id, item: itemLabel(order.item), value: order.value } });
    }
    for (const station of this.stations) {
      if (advanceWork(station, Rules.tickMs)) events.push({ name: 'upgrade_done', data: { station: station.id, item: itemLabel(station.holding ?? { kind: '?', high: true }) } });
    }
    const pressing = this.players.filter((p) => p.interactQueued);
    // Same-tick presses go in a seeded random order, so a race between rivals is fair on average.
    if (pressing.length > 1) {
      for (let i = pressing.length - 1; i > 0; i--) {
        const j = this.turnRng.int(i + 1);
        [pressing[i], pressing[j]] = [pressing[j]!, pressing[i]!];
      }
    }
    for (const player of pressing) {
      player.interactQueued = false;
      const station = this.target(player);
      if (station === undefined) {
        player.notice = { text: 'NOTHING TO USE HERE', untilMs: this.simMs + Rules.noticeMs };
        continue;
      }
      const result = interact(station, player.carrying, player.slot, this.orders, this.variant.upgradeMs);
      player.carrying = result.carrying;
      player.notice = { text: result.notice, untilMs: this.simMs + Rules.noticeMs };
      events.push({ name: result.event, slot: player.slot, data: result.data });
    }
    for (const player of this.players) {
      const dx = (player.held.has('D') ? 1 : 0) - (player.held.has('A') ? 1 : 0);
      const dy = (player.held.has('S') ? 1 : 0) - (player.held.has('W') ? 1 : 0);
      moveBody(player.body, dx, dy, this.layout);
    }
  }

  /** The tile under `player`. */
  tileOf(player: Player): { col: number; row: number } {
    return tileOf(player.body);
  }
}
