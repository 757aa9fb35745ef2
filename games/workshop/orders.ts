/** The timed order list: a seeded schedule of orders, posted, filled at the counter, or expired. */
import type { Prng } from '../../protocol/index.js';
import { sameItem, type Item } from './items.js';
import { Rules } from './rules.js';

/** How a variant's orders are drawn and timed. */
export interface OrderPlan {
  /** Kinds orders ask for, with relative weights. */
  readonly mix: readonly { readonly kind: string; readonly weight: number }[];
  /** Chance an order asks for the High-grade version. */
  readonly highChance: number;
  /** Orders on the list at the start. */
  readonly initial: number;
  /** Time between later postings, ms, each shifted by up to +-jitterMs. */
  readonly intervalMs: number;
  readonly jitterMs: number;
  /** Time to fill a basic and a High-grade order once posted, ms. */
  readonly basicMs: number;
  readonly highMs: number;
}

export type OrderStatus = 'scheduled' | 'open' | 'filled' | 'expired';

export interface Order {
  readonly id: number;
  readonly item: Item;
  readonly value: number;
  readonly postMs: number;
  readonly expiresMs: number;
  status: OrderStatus;
  /** Slot that filled it, -1 until filled. */
  filledBy: number;
}

/** What the book did in one update, for the event stream. */
export interface OrderChange {
  readonly name: 'order_posted' | 'order_expired';
  readonly order: Order;
}

/** Draws the whole episode's orders up front, so points available depend on time alone. */
export function scheduleOrders(plan: OrderPlan, timeLimitMs: number, rng: Prng): Order[] {
  const orders: Order[] = [];
  const totalWeight = plan.mix.reduce((s, m) => s + m.weight, 0);
  const draw = (postMs: number): void => {
    let pick = rng.next() * totalWeight;
    const entry = plan.mix.find((m) => (pick -= m.weight) < 0) ?? plan.mix[plan.mix.length - 1];
    const high = rng.next() < plan.highChance;
    const item = { kind: entry?.kind ?? '?', high };
    const durationMs = high ? plan.highMs : plan.basicMs;
    orders.push({ id: orders.length + 1, item, value: high ? Rules.basicValue * 2 : Rules.basicValue, postMs, expiresMs: postMs + durationMs, status: 'scheduled', filledBy: -1 });
  };
  for (let i = 0; i < plan.initial; i++) draw(0);
  const lastMs = timeLimitMs - Rules.lastPostBeforeEndMs;
  for (let k = 1; ; k++) {
    const jitter = Math.round((rng.next() * 2 - 1) * plan.jitterMs / Rules.tickMs) * Rules.tickMs;
    const postMs = k * plan.intervalMs + jitter;
    if (postMs > lastMs) break;
    draw(postMs);
  }
  return orders;
}

/** The episode's orders and their state: which are open, filled (by whom) or expired. */
export class OrderBook {
  constructor(readonly orders: readonly Order[]) {}

  /** Posts and expires orders due by `simMs`. */
  update(simMs: number, changes: OrderChange[]): void {
    for (const order of this.orders) {
      if (order.status === 'scheduled' && simMs >= order.postMs) {
        order.status = 'open';
        changes.push({ name: 'order_posted', order });
      }
      if (order.status === 'open' && simMs >= order.expiresMs) {
        order.status = 'expired';
        changes.push({ name: 'order_expired', order });
      }
    }
  }

  /** Open orders, most urgent first (ties by id). */
  open(): Order[] {
    return this.orders.filter((o) => o.status === 'open').sort((a, b) => a.expiresMs - b.expiresMs || a.id - b.id);
  }

  /** Fills the most urgent open order for exactly `item`, for `slot`; undefined when none asks for it. */
  fill(item: Item, slot: number): Order | undefined {
    const order = this.open().find((o) => sameItem(o.item, item));
    if (order === undefined) return undefined;
    order.status = 'filled';
    order.filledBy = slot;
    return order;
  }

  /** Sum of the values of every order posted so far: the points available. */
  available(): number {
    return this.orders.reduce((s, o) => (o.status === 'scheduled' ? s : s + o.value), 0);
  }

  /** Points `slot` has scored, or everyone's when `slot` is undefined. */
  scored(slot?: number): number {
    return this.orders.reduce((s, o) => (o.status === 'filled' && (slot === undefined || o.filledBy === slot) ? s + o.value : s), 0);
  }
}
