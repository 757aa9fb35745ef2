/**
 * A policy's working copy of one observation, advanced by its own predictions while it plans a chunk:
 * what it carries, what stations hold and when workbenches finish, which orders are still open.
 */
import { tileOf, type Body } from '../movement.js';
import { actionAt } from '../stations.js';
import type { WorkshopItemState, WorkshopState } from '../state.js';
import { Grid, approachTiles, bodyOf, distanceField, reachable, type StationView } from './grid.js';

export interface SnapStation {
  readonly spec: StationView;
  holding: WorkshopItemState | undefined;
  /** Game time after the observation at which a workbench's part is done, ms (0 when idle or done). */
  readyAtMs: number;
}

export interface SnapOrder {
  readonly id: number;
  readonly item: WorkshopItemState;
  /** Game time after the observation at which it expires, ms. */
  readonly expiresAtMs: number;
  filled: boolean;
}

export interface SnapPlayer {
  readonly slot: number;
  body: Body;
  carrying: WorkshopItemState | undefined;
  /** Floor tiles this player can walk to. */
  readonly area: ReadonlySet<number>;
}

export class Snapshot {
  readonly grid: Grid;
  readonly stations: SnapStation[];
  readonly orders: SnapOrder[];
  readonly players: SnapPlayer[];
  readonly tickMs: number;
  readonly upgradeMs: number;
  private readonly fields = new Map<string, Int32Array>();

  constructor(readonly view: WorkshopState) {
    this.grid = new Grid(view);
    this.tickMs = view.tickMs;
    this.upgradeMs = view.upgradeMs;
    this.stations = view.stations.map((s) => ({ spec: s, holding: s.holding ?? undefined, readyAtMs: s.workLeftMs }));
    this.orders = view.orders.map((o) => ({ id: o.id, item: o.item, expiresAtMs: o.leftMs, filled: false }));
    this.players = view.players.map((p) => {
      const body = bodyOf(p);
      const { col, row } = tileOf(body);
      return { slot: p.slot, body, carrying: p.carrying ?? undefined, area: reachable(this.grid, col, row) };
    });
  }

  player(slot: number): SnapPlayer | undefined {
    return this.players.find((p) => p.slot === slot);
  }

  /** Whether `player` can stand next to `station`. */
  canReach(player: SnapPlayer, station: SnapStation): boolean {
    return approachTiles(this.grid, station.spec, player.area).length > 0;
  }

  /** Walking distances to the tiles `station` is used from, within `player`'s area. */
  fieldTo(player: SnapPlayer, station: SnapStation): Int32Array {
    const key = `${player.slot}:${station.spec.id}`;
    let field = this.fields.get(key);
    if (field === undefined) {
      field = distanceField(this.grid, approachTiles(this.grid, station.spec, player.area));
      this.fields.set(key, field);
    }
    return field;
  }

  /** Walking distance in tiles from `player` to where `station` is used (Infinity if unreachable). */
  distance(player: SnapPlayer, station: SnapStation): number {
    const { col, row } = tileOf(player.body);
    const d = this.fieldTo(player, station)[this.grid.index(col, row)] ?? -1;
    return d < 0 ? Infinity : d;
  }

  /** Orders still open `atMs` after the observation with at least `marginMs` to spare, most urgent first. */
  openOrders(atMs: number, marginMs = 0): SnapOrder[] {
    return this.orders.filter((o) => !o.filled && o.expiresAtMs - atMs > marginMs);
  }

  /**
   * Applies what F by `player` at `station` does `atMs` after the observation (the press lands on the tick
   * after `atMs`), as the game's own `actionAt` decides it. Returns whether anything changed.
   */
  press(player: SnapPlayer, station: SnapStation, atMs: number): boolean {
    const now = atMs + this.tickMs;
    const { spec } = station;
    const live = { id: spec.id, kind: spec.kind, col: spec.col, row: spec.row, supply: spec.supply ?? undefined, holding: station.holding, workLeftMs: Math.max(0, station.readyAtMs - now) };
    const action = actionAt(live, player.carrying);
    switch (action.kind) {
      case 'none':
        return false;
      case 'pick':
        player.carrying = action.item;
        return true;
      case 'upgrade':
        station.holding = action.item;
        station.readyAtMs = now + this.upgradeMs;
        player.carrying = undefined;
        return true;
      case 'take':
        // A finished workbench hands out its part High-grade; the snapshot still holds it as it went in.
        player.carrying = spec.kind === 'workbench' ? { kind: action.item.kind, high: true } : action.item;
        station.holding = undefined;
        return true;
      case 'place':
        station.holding = action.item;
        player.carrying = undefined;
        return true;
      case 'discard':
        player.carrying = undefined;
        return true;
      case 'submit': {
        const item = action.item;
        const order = this.openOrders(now).find((o) => o.item.kind === item.kind && o.item.high === item.high);
        if (order === undefined) return false;
        order.filled = true;
        player.carrying = undefined;
        return true;
      }
    }
  }
}
