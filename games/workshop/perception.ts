/**
 * The workshop games' perception adapter (solo_craft, midline_clash, shared_floor, handoff_run): orders
 * posted, filled, rejected and expired; the points (per rival in pvp, the team's otherwise), the open
 * orders, what each player carries and who leads.
 */
import { label, leader, type CriticalEventSpec, type PerceptionAdapter, type TrackedState, type TrackedVariableSpec } from '../runtime/perception.js';
import type { WorkshopState } from './state.js';
import type { WorkshopGameSpec } from './variant.js';

const EVENTS: readonly CriticalEventSpec[] = [
  { name: 'order_posted', description: 'a new order appears on the order list (who = null)' },
  { name: 'order_submitted', description: 'a player hands in a part that fills an open order at the counter (who = that player); its value is scored' },
  { name: 'submit_rejected', description: 'a player offers a part no open order asks for (who = that player); nothing is scored' },
  { name: 'order_expired', description: 'an open order runs out of time and leaves the list unfilled (who = null)' },
];

const itemOf = (item: { kind: string; high: boolean } | null): string => (item === null ? 'nothing' : item.high ? `high-${item.kind.toLowerCase()}` : item.kind.toLowerCase());
const num = (t: TrackedState, k: string): number => Number(t[k] ?? 0);

/** The perception adapter of one workshop game. */
export function workshopPerception(spec: Pick<WorkshopGameSpec, 'id' | 'regime' | 'slots'>): PerceptionAdapter {
  const slots = spec.slots.map((s) => s.slot);
  const names = spec.regime === 'solo' ? ['P'] : ['A', 'B'];
  const labels = Object.fromEntries(slots.map((s, i) => [s, names[i] ?? `P${i}`]));
  const pvp = spec.regime === 'pvp';
  const carrying: TrackedVariableSpec[] = slots.map((s) => ({
    name: `carrying_${labels[s]!.toLowerCase()}`,
    definition: `what ${labels[s]} holds: a part's kind in lower case, prefixed \`high-\` when High-grade`,
    domain: 'nothing | <part> | high-<part>',
    update: false,
  }));
  const points: TrackedVariableSpec[] = pvp
    ? [
        { name: 'points_a', definition: "A's points scored so far", domain: 'integer >= 0', update: true },
        { name: 'points_b', definition: "B's points scored so far", domain: 'integer >= 0', update: true },
        { name: 'lead', definition: 'who has more points', domain: 'A | B | even', update: true },
      ]
    : [{ name: 'points', definition: spec.regime === 'solo' ? 'points scored so far' : "the team's points scored so far", domain: 'integer >= 0', update: true }];
  return {
    game: spec.id,
    players: {
      regime: pvp ? 'rivals' : spec.regime === 'solo' ? 'solo' : 'team',
      labels,
      description: spec.regime === 'solo' ? 'P is the one player.' : `A is the player of slot ${slots[0]}, B the player of slot ${slots[1]}${pvp ? ' (rivals)' : ' (teammates)'}.`,
    },
    events: EVENTS,
    variables: [...points, { name: 'open_orders', definition: 'orders on the list now', domain: 'integer >= 0', update: true }, ...carrying],
    resultDefinition: pvp ? '`<points_a>-<points_b>`: both rivals\' points after the event' : '`<points>/<open_orders>`: the points and the open orders after the event',
    track(raw) {
      const s = raw as unknown as WorkshopState;
      const out: Record<string, string | number> = {};
      if (pvp) {
        const pa = s.players.find((p) => p.slot === slots[0])?.points ?? 0;
        const pb = s.players.find((p) => p.slot === slots[1])?.points ?? 0;
        Object.assign(out, { points_a: pa, points_b: pb, lead: leader(pa - pb) });
      } else {
        out.points = s.points.scored;
      }
      out.open_orders = s.orders.length;
      for (const slot of slots) out[`carrying_${labels[slot]!.toLowerCase()}`] = itemOf(s.players.find((p) => p.slot === slot)?.carrying ?? null);
      return out;
    },
    result: (t) => (pvp ? `${label(t.points_a)}-${label(t.points_b)}` : `${label(t.points)}/${label(t.open_orders)}`),
    ...(pvp ? { lead: { margin: (t: TrackedState) => num(t, 'points_a') - num(t, 'points_b'), unit: 20 } } : {}),
  };
}
