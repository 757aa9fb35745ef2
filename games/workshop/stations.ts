/** Stations and what F does at each: pick up at a crate, upgrade at a workbench, submit, discard, hand across. */
import { itemLabel, type Item } from './items.js';
import type { StationSpec } from './layout.js';
import type { OrderBook } from './orders.js';

/** A station's live state: what a workbench or transfer point holds, and a workbench's time left, ms. */
export interface Station extends StationSpec {
  holding: Item | undefined;
  workLeftMs: number;
}

/** What F at `station` would do for a player carrying `carrying`. */
export type Action =
  | { readonly kind: 'pick' | 'upgrade' | 'take' | 'submit' | 'discard' | 'place'; readonly item: Item }
  | { readonly kind: 'none'; readonly why: string };

/** Decides what F at `station` does; pure, so the HUD can show it before the key is pressed. */
export function actionAt(station: Station, carrying: Item | undefined): Action {
  const none = (why: string): Action => ({ kind: 'none', why });
  switch (station.kind) {
    case 'crate':
      if (carrying) return none('HANDS FULL');
      return { kind: 'pick', item: { kind: station.supply ?? '?', high: false } };
    case 'workbench':
      if (carrying) {
        if (carrying.high) return none('ALREADY HIGH-GRADE');
        return station.holding ? none('BENCH IS BUSY') : { kind: 'upgrade', item: carrying };
      }
      if (!station.holding) return none('BRING A PART TO UPGRADE');
      return station.workLeftMs > 0 ? none('UPGRADING, WAIT') : { kind: 'take', item: station.holding };
    case 'counter':
      return carrying ? { kind: 'submit', item: carrying } : none('BRING AN ITEM TO SUBMIT');
    case 'bin':
      return carrying ? { kind: 'discard', item: carrying } : none('NOTHING TO DISCARD');
    case 'transfer':
      if (carrying) return station.holding ? none('TRANSFER POINT IS FULL') : { kind: 'place', item: carrying };
      return station.holding ? { kind: 'take', item: station.holding } : none('TRANSFER POINT IS EMPTY');
  }
}

const VERBS = { pick: 'PICK UP', upgrade: 'UPGRADE', take: 'TAKE', submit: 'SUBMIT', discard: 'DISCARD', place: 'PUT DOWN' } as const;

/** The on-screen hint for an action, e.g. "F: SUBMIT GEAR" or "UPGRADING, WAIT". */
export function actionHint(action: Action): string {
  return action.kind === 'none' ? action.why : `F: ${VERBS[action.kind]} ${itemLabel(action.item)}`;
}

/** The result of pressing F: the player's new hands, an event, and a notice for the player's HUD. */
export interface Interaction {
  readonly carrying: Item | undefined;
  readonly event: string;
  readonly data: Readonly<Record<string, number | string | boolean>>;
  readonly notice: string;
}

/** Applies F at `station` for `slot`, changing the station and the order book. */
export function interact(station: Station, carrying: Item | undefined, slot: number, orders: OrderBook, upgradeMs: number): Interaction {
  const action = actionAt(station, carrying);
  const base = { station: station.id, kind: station.kind };
  switch (action.kind) {
    case 'none':
      return { carrying, event: 'interact_refused', data: { ...base, why: action.why }, notice: action.why };
    case 'pick':
      return { carrying: action.item, event: 'picked_up', data: { ...base, item: itemLabel(action.item) }, notice: `PICKED UP ${itemLabel(action.item)}` };
    case 'upgrade':
      station.holding = action.item;
      station.workLeftMs = upgradeMs;
      return { carrying: undefined, event: 'upgrade_started', data: { ...base, item: itemLabel(action.item) }, notice: 'UPGRADING...' };
    case 'take':
      station.holding = undefined;
      return { carrying: action.item, event: 'took_item', data: { ...base, item: itemLabel(action.item) }, notice: `TOOK ${itemLabel(action.item)}` };
    case 'place':
      station.holding = action.item;
      return { carrying: undefined, event: 'placed_item', data: { ...base, item: itemLabel(action.item) }, notice: `PUT DOWN ${itemLabel(action.item)}` };
    case 'discard':
      return { carrying: undefined, event: 'discarded', data: { ...base, item: itemLabel(action.item) }, notice: `DISCARDED ${itemLabel(action.item)}` };
    case 'submit': {
      const order = orders.fill(action.item, slot);
      if (order === undefined) {
        return { carrying, event: 'submit_rejected', data: { ...base, item: itemLabel(action.item) }, notice: `NO ORDER FOR ${itemLabel(action.item)}` };
      }
      return {
        carrying: undefined,
        event: 'order_submitted',
        data: { ...base, order: order.id, item: itemLabel(action.item), value: order.value },
        notice: `+${order.value} ${itemLabel(action.item)}`,
      };
    }
  }
}

/** Advances a workbench's upgrade by `dtMs`; true on the tick the part becomes High-grade. */
export function advanceWork(station: Station, dtMs: number): boolean {
  if (station.kind !== 'workbench' || station.holding === undefined || station.workLeftMs <= 0) return false;
  station.workLeftMs = Math.max(0, station.workLeftMs - dtMs);
  if (station.workLeftMs > 0) return false;
  station.holding = { kind: station.holding.kind, high: true };
  return true;
}
