/**
 * A reference game's perception adapter: what in its privileged state is worth asking a model about. It
 * declares the critical events (each with a one-line description), the tracked task-relevant variables
 * (with definitions and discrete value domains), projects a `state()` onto those variables, and maps a
 * critical event to a reference tuple's actor (who), T2 update and T3 resulting state. Labels are discrete
 * strings a task text can define exactly; continuous values are quantised into declared bands.
 */

/** One tracked value: a discrete label, a whole number, a flag, or null when it does not apply. */
export type TrackedValue = string | number | boolean | null;
/** The task-relevant projection of a game's state, slot-independent. */
export type TrackedState = Readonly<Record<string, TrackedValue>>;

/** A critical event of the game's vocabulary. */
export interface CriticalEventSpec {
  readonly name: string;
  readonly description: string;
}

/** A tracked variable: its name, what it means, and the values it takes. */
export interface TrackedVariableSpec {
  readonly name: string;
  readonly definition: string;
  /** The value domain in words (`integer 0..100`, `A | B | even`...). */
  readonly domain: string;
  /** Whether a change of this variable is part of a T2 update (positions are tracked, not reported as updates). */
  readonly update: boolean;
}

/** A critical event as the tuple mapping sees it. */
export interface PerceivedEvent {
  readonly name: string;
  readonly slot?: number;
  readonly data?: Readonly<Record<string, number | string | boolean>>;
}

/** How an episode's players are named in task texts and reference tuples. */
export interface PlayerNaming {
  /** `rivals` (the lead between A and B is tracked), `team` (two teammates, one score) or `solo`. */
  readonly regime: 'rivals' | 'team' | 'solo';
  /** The label of each slot (`A`, `B`, `P`...). */
  readonly labels: Readonly<Record<number, string>>;
  /** One line for the task text: who the labels are and how to tell them apart on screen. */
  readonly description: string;
}

/** A game's perception adapter. */
export interface PerceptionAdapter {
  readonly game: string;
  readonly players: PlayerNaming;
  readonly events: readonly CriticalEventSpec[];
  readonly variables: readonly TrackedVariableSpec[];
  /** What T3 holds, in one line for the task text. */
  readonly resultDefinition: string;
  /** The task-relevant projection of a `state()` of this game. */
  track(state: Readonly<Record<string, unknown>>): TrackedState;
  /** The T3 label: the task-relevant state after an event. */
  result(after: TrackedState): string;
  /**
   * Rivals only: A's margin over B (the lead trajectory case selection reads; solo and team games use their
   * recorded progress) and the margin that counts as a clear lead, fixed for the game.
   */
  readonly lead?: { readonly margin: (tracked: TrackedState) => number; readonly unit: number };
  /** The actor label of an event, or null (default: the label of the event's slot). */
  who?(event: PerceivedEvent): string | null;
}

/** What T2 holds, in one line for the task text (the same for every game). */
export const UPDATE_DEFINITION =
  'the update-relevant tracked variables the event changed, each as `name:old>new`, in the order of the variable table, joined by `,`; `none` when it changed none of them';

/** The actor label of an event: the adapter's own rule, else the label of its slot, else null. */
export function eventActor(adapter: PerceptionAdapter, event: PerceivedEvent): string | null {
  if (adapter.who) return adapter.who(event);
  return event.slot === undefined ? null : (adapter.players.labels[event.slot] ?? null);
}

/** The T2 label of an event: the update variables it changed from `before` to `after`. */
export function eventUpdate(adapter: PerceptionAdapter, before: TrackedState, after: TrackedState): string {
  const changed = adapter.variables.filter((v) => v.update && before[v.name] !== after[v.name]).map((v) => `${v.name}:${label(before[v.name])}>${label(after[v.name])}`);
  return changed.length === 0 ? 'none' : changed.join(',');
}

/** A tracked value as it appears in a label. */
export function label(value: TrackedValue | undefined): string {
  return value === null || value === undefined ? 'null' : String(value);
}

/** Whether two tracked states hold the same values. */
export function sameTracked(a: TrackedState | undefined, b: TrackedState): boolean {
  if (!a) return false;
  const keys = Object.keys(b);
  return keys.length === Object.keys(a).length && keys.every((k) => a[k] === b[k]);
}

/** The band of `value` among ascending `edges` labelled by `names` (names.length === edges.length + 1). */
export function band(value: number, edges: readonly number[], names: readonly string[]): string {
  let i = 0;
  while (i < edges.length && value >= edges[i]!) i++;
  return names[i]!;
}

/** The lead label between A and B by a margin (A minus B). */
export function leader(margin: number): string {
  return margin > 0 ? 'A' : margin < 0 ? 'B' : 'even';
}

/** A 3 x 3 zone of a point in a rectangle [minX, maxX] x [minZ, maxZ]: `near|mid|far` along z, `left|centre|right` along x. */
export function zone3(x: number, z: number, minX: number, maxX: number, minZ: number, maxZ: number): string {
  const third = (v: number, lo: number, hi: number): number => Math.min(2, Math.max(0, Math.floor(((v - lo) / (hi - lo)) * 3)));
  return `${['near', 'mid', 'far'][third(z, minZ, maxZ)]}-${['left', 'centre', 'right'][third(x, minX, maxX)]}`;
}

/** The domain text of zone3's labels. */
export const ZONE3_DOMAIN = 'near-left | near-centre | near-right | mid-left | mid-centre | mid-right | far-left | far-centre | far-right';
