/**
 * What a workshop player should do next, from a snapshot: match the items already in play to open orders,
 * then either carry one on (upgrade, submit, hand across, discard) or, empty-handed, take the best task
 * (collect from a workbench or transfer point, fetch a part) that no nearer free teammate is given.
 */
import type { SnapOrder, SnapPlayer, SnapStation, Snapshot } from './snapshot.js';
import type { WorkshopItemState } from '../state.js';

/** Where to go, and whether F there is due now (false: go there and wait). */
export interface Goal {
  readonly station: SnapStation;
  readonly press: boolean;
}

/** An item in play: carried by a teammate, on a workbench, or on a transfer point. */
interface Supply {
  readonly item: WorkshopItemState;
  readonly carrier: SnapPlayer | undefined;
  readonly station: SnapStation | undefined;
}

/** Orders closer to expiry than this are left alone unless their item is already in hand, ms. */
const FETCH_MARGIN_MS = 9000;
const CARRY_MARGIN_MS = 1500;

const same = (a: WorkshopItemState, b: WorkshopItemState): boolean => a.kind === b.kind && a.high === b.high;

/** Pairs items in play with open orders: exact matches first, then basic parts for High-grade orders. */
function matchSupplies(orders: readonly SnapOrder[], supplies: readonly Supply[]): Map<Supply, SnapOrder> {
  const matched = new Map<Supply, SnapOrder>();
  const taken = new Set<SnapOrder>();
  const stage = (s: Supply): number => (s.carrier ? 0 : s.station?.spec.kind === 'workbench' ? 1 : 2);
  for (const exact of [true, false]) {
    for (const order of orders) {
      if (taken.has(order)) continue;
      const fits = supplies.filter((s) => !matched.has(s) && s.item.kind === order.item.kind && (exact ? same(s.item, order.item) : order.item.high && !s.item.high));
      fits.sort((a, b) => stage(a) - stage(b));
      const pick = fits[0];
      if (pick === undefined) continue;
      matched.set(pick, order);
      taken.add(order);
    }
  }
  return matched;
}

export interface TeamView {
  readonly me: number;
  /** Teammates taking part in the work now (coop partners seen acting). */
  readonly partners: readonly number[];
  /** Rivals (pvp): orders their items already match are left to them while others are open. */
  readonly rivals: readonly number[];
}

/** The goal for `team.me` at `atMs` after the observation, or undefined to stand still. */
export function chooseGoal(snap: Snapshot, team: TeamView, atMs: number): Goal | undefined {
  const me = snap.player(team.me);
  if (me === undefined) return undefined;
  const crew = [me, ...team.partners.map((s) => snap.player(s)).filter((p): p is SnapPlayer => p !== undefined)];
  const usable = (st: SnapStation): boolean => crew.some((p) => snap.canReach(p, st));
  const supplies: Supply[] = [
    ...crew.filter((p) => p.carrying).map((p) => ({ item: p.carrying!, carrier: p, station: undefined })),
    ...snap.stations.filter((st) => st.holding && (st.spec.kind === 'transfer' || (st.spec.kind === 'workbench' && usable(st)))).map((st) => ({ item: st.holding!, carrier: undefined, station: st })),
  ];
  const orders = snap.openOrders(atMs, CARRY_MARGIN_MS);
  const matched = matchSupplies(orders, supplies);
  if (me.carrying) {
    const supply = supplies.find((s) => s.carrier === me);
    const order = supply ? matched.get(supply) : undefined;
    return carryGoal(snap, me, me.carrying, order, atMs);
  }
  const rivals = team.rivals.map((s) => snap.player(s)).filter((p): p is SnapPlayer => p !== undefined);
  const rivalSupplies: Supply[] = [
    ...rivals.filter((p) => p.carrying).map((p) => ({ item: p.carrying!, carrier: p, station: undefined })),
    ...snap.stations.filter((st) => st.holding && st.spec.kind === 'workbench' && !usable(st)).map((st) => ({ item: st.holding!, carrier: undefined, station: st })),
  ];
  const contested = new Set(matchSupplies(orders, rivalSupplies).values());
  return taskGoal(snap, crew, matched, supplies, contested, atMs);
}

function nearest(snap: Snapshot, player: SnapPlayer, stations: readonly SnapStation[]): SnapStation | undefined {
  let best: SnapStation | undefined;
  let bestD = Infinity;
  for (const st of stations) {
    const d = snap.distance(player, st);
    if (d < bestD) {
      bestD = d;
      best = st;
    }
  }
  return best;
}

function reachableOf(snap: Snapshot, player: SnapPlayer, kind: SnapStation['spec']['kind']): SnapStation[] {
  return snap.stations.filter((st) => st.spec.kind === kind && snap.canReach(player, st));
}

/** Carrying `item`: move it one stage on towards `order`, or bin it when no order wants it. */
function carryGoal(snap: Snapshot, me: SnapPlayer, item: WorkshopItemState, order: SnapOrder | undefined, atMs: number): Goal | undefined {
  const handOver = (): Goal | undefined => {
    const transfers = reachableOf(snap, me, 'transfer');
    const free = nearest(snap, me, transfers.filter((t) => !t.holding));
    if (free) return { station: free, press: true };
    const any = nearest(snap, me, transfers);
    return any ? { station: any, press: false } : undefined;
  };
  if (order === undefined) {
    const bin = nearest(snap, me, reachableOf(snap, me, 'bin'));
    return bin ? { station: bin, press: true } : handOver();
  }
  if (order.item.high && !item.high) {
    const benches = reachableOf(snap, me, 'workbench');
    const free = nearest(snap, me, benches.filter((b) => !b.holding));
    if (free) return { station: free, press: true };
    if (benches.length > 0) {
      // Every bench is busy: wait at the one that finishes first.
      const soonest = [...benches].sort((a, b) => a.readyAtMs - b.readyAtMs)[0]!;
      return { station: soonest, press: false };
    }
    return handOver();
  }
  const counter = nearest(snap, me, reachableOf(snap, me, 'counter'));
  if (counter) return { station: counter, press: order.expiresAtMs - atMs - snap.tickMs > 0 };
  return handOver();
}

interface Task {
  /** One task per key: a station's contents, or an order to fetch a part for. */
  readonly key: string;
  /** Where it can be done (a fetch may use any crate of the part). */
  readonly stations: readonly SnapStation[];
  /** Lower runs first. */
  readonly rank: number;
  readonly can: (p: SnapPlayer, st: SnapStation) => boolean;
  /** Whether F there works at `atMs` (false: go and wait). */
  readonly due: boolean;
}

/** Empty-handed: list the team's tasks, hand them to the nearest free teammates in rank order, return mine. */
function taskGoal(
  snap: Snapshot,
  crew: readonly SnapPlayer[],
  matched: Map<Supply, SnapOrder>,
  supplies: readonly Supply[],
  contested: ReadonlySet<SnapOrder>,
  atMs: number,
): Goal | undefined {
  const me = crew[0]!;
  const tasks: Task[] = [];
  const now = atMs + snap.tickMs;
  const canReachAny = (p: SnapPlayer, kind: SnapStation['spec']['kind']): boolean => reachableOf(snap, p, kind).length > 0;
  for (const supply of supplies) {
    const st = supply.station;
    if (st === undefined) continue;
    const order = matched.get(supply);
    const urgency = order ? Math.min(0.99, Math.max(0, order.expiresAtMs) / 1e7) : 0.99;
    if (st.spec.kind === 'workbench') {
      // A part on a bench: collect it when done (unwanted ones too, or the bench stays blocked).
      tasks.push({ key: `st${st.spec.id}`, stations: [st], rank: (order ? 0 : 2) + urgency, can: (p) => snap.canReach(p, st), due: st.readyAtMs <= now });
    } else {
      const needsBench = order !== undefined && order.item.high && !supply.item.high;
      const next = (p: SnapPlayer): boolean => (order === undefined ? canReachAny(p, 'bin') : needsBench ? canReachAny(p, 'workbench') : canReachAny(p, 'counter'));
      tasks.push({ key: `st${st.spec.id}`, stations: [st], rank: (order ? 1 : 3) + urgency, can: (p) => snap.canReach(p, st) && next(p), due: true });
    }
  }
  const wanted = new Set(matched.values());
  const unserved = snap.openOrders(atMs, FETCH_MARGIN_MS).filter((o) => !wanted.has(o));
  // Leave a rival the orders its items already match, unless nothing else is open.
  const uncontested = unserved.filter((o) => !contested.has(o));
  (uncontested.length > 0 ? uncontested : unserved).forEach((order, i) => {
    const crates = snap.stations.filter((st) => st.spec.kind === 'crate' && st.spec.supply === order.item.kind);
    tasks.push({ key: `order${order.id}`, stations: crates, rank: 4 + i * 0.01, can: (p, st) => snap.canReach(p, st), due: true });
  });
  tasks.sort((a, b) => a.rank - b.rank);
  // Slot order, so teammates planning from the same state hand out the same tasks.
  const free = crew.filter((p) => !p.carrying).sort((a, b) => a.slot - b.slot);
  for (const task of tasks) {
    let best: { player: SnapPlayer; station: SnapStation; d: number } | undefined;
    for (const p of free) {
      for (const st of task.stations) {
        if (!task.can(p, st)) continue;
        const d = snap.distance(p, st);
        if (best === undefined || d < best.d) best = { player: p, station: st, d };
      }
    }
    if (best === undefined) continue;
    if (best.player === me) return { station: best.station, press: task.due };
    free.splice(free.indexOf(best.player), 1);
    if (free.length === 0) break;
  }
  return undefined;
}
