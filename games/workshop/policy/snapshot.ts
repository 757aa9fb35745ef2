/**
 * A policy's working copy of one observation, advanced by its own predictions while it plans a chunk:
 * what it carries, what stations hold and when workbenches finish, which orders are still open.
 */
import { tileOf, type Body } from '../movement.js';
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
   * after `atMs`), exactly as the games decide it. Returns whether anything changed.
   */
  press(player: SnapPlayer, station: SnapStation, atMs: number): boolean {
    const now = atMs + this.tickMs;
    const carrying = player.carrying;
    switch (station.spec.kind) {
      case 'crate':
        if (carrying || station.spec.supply === null) return false;
        player.carrying = { kind: station.spec.supply, high: false };
        return true;
      case 'workbench':
        if (carrying) {
          if (carrying.high || station.holding) return false;
          station.holding = carrying;
          station.readyAtMs = now + this.upgradeMs;
          player.carrying = undefined;
          return true;
        }
        if (!station.holding || station.readyAtMs > now) return false;
        player.carrying = { kind: station.holding.kind, high: true };
        station.holding = undefined;
        return true;
      case 'counter': {
        if (!carrying) return false;
        const order = this.openOrders(now).find((o) => o.item.kind === carrying.kind && o.item.high === carrying.high);
        if (order === undefined) return false;
        order.filled = true;
        player.carrying = undefined;
        return true;
      }
      case 'bin':
        if (!carrying) return false;
        player.carrying = undefined;
        return true;
      case 'transfer':
        if (carrying) {
          if (station.holding) return false;
          station.holding = carrying;
          player.carrying = undefined;
          return true;
        }
        if (!station.holding) return false;
        player.carrying = station.holding;
        station.holding = undefined;
        return true;
    }
  }
}
