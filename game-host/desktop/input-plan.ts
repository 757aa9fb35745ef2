/**
 * Turns a timed input schedule into the actions a desktop game really gets: every key or button is held at
 * least `minHoldMs` of running game time (a shorter press is extended, since real games lose presses that
 * start and end within one tick), a press of a control that is still held merges with it, and a release of a
 * control that is not held is dropped. Pure, so the rules are easy to test.
 */
import type { InputEvent, MouseButton } from '../../protocol/index.js';

export type PlannedAction =
  | { readonly kind: 'key'; readonly at: number; readonly requestedAt: number; readonly slot: number; readonly key: string; readonly down: boolean }
  | { readonly kind: 'button'; readonly at: number; readonly requestedAt: number; readonly slot: number; readonly button: MouseButton; readonly down: boolean }
  | { readonly kind: 'look'; readonly at: number; readonly requestedAt: number; readonly slot: number; readonly dx: number; readonly dy: number };

/** What is held now: control id (`key:W`, `button:left`) -> game time it went down, ms. */
export type HeldControls = Map<string, number>;

function controlId(e: InputEvent): string | undefined {
  return e.type === 'key' ? `key:${e.key}` : e.type === 'button' ? `button:${e.button}` : undefined;
}

/**
 * Plans `inputs` (offsets from `startMs`, the game time the stretch starts at) against what is `held`,
 * which it updates to what will be held after the plan has run. Returns actions sorted by `at`.
 */
export function planInputs(inputs: readonly InputEvent[], startMs: number, minHoldMs: number, held: HeldControls): PlannedAction[] {
  const sorted = inputs.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map((x) => x.e);
  const actions: (PlannedAction | undefined)[] = [];
  /** Releases planned in this stretch, by control: their index and the press time they end. */
  const pendingUp = new Map<string, { index: number; downAt: number }>();
  for (const e of sorted) {
    const id = controlId(e);
    if (e.type === 'look') {
      actions.push({ kind: 'look', at: e.at, requestedAt: e.at, slot: e.slot, dx: e.dx, dy: e.dy });
      continue;
    }
    // A desktop game takes keys, buttons and the mouse; the GameLink host refuses axes to it before this.
    if (id === undefined || e.type === 'move' || e.type === 'axis') continue;
    if (e.down) {
      const pending = pendingUp.get(id);
      if (pending && actions[pending.index]!.at >= e.at) {
        // Pressed again before its (extended) release: it simply stays held.
        actions[pending.index] = undefined;
        pendingUp.delete(id);
        held.set(id, pending.downAt);
        continue;
      }
      if (held.has(id)) continue;
      held.set(id, startMs + e.at);
      actions.push({ ...press(e), at: e.at, requestedAt: e.at });
    } else {
      const downAt = held.get(id);
      if (downAt === undefined) continue;
      held.delete(id);
      const at = Math.max(e.at, downAt + minHoldMs - startMs);
      pendingUp.set(id, { index: actions.length, downAt });
      actions.push({ ...press(e), at, requestedAt: e.at });
    }
  }
  return actions
    .filter((a): a is PlannedAction => a !== undefined)
    .map((a, i) => ({ a, i }))
    .sort((x, y) => x.a.at - y.a.at || x.i - y.i)
    .map((x) => x.a);
}

function press(e: Extract<InputEvent, { type: 'key' | 'button' }>): Omit<Extract<PlannedAction, { kind: 'key' }>, 'at' | 'requestedAt'> | Omit<Extract<PlannedAction, { kind: 'button' }>, 'at' | 'requestedAt'> {
  return e.type === 'key' ? { kind: 'key', slot: e.slot, key: e.key, down: e.down } : { kind: 'button', slot: e.slot, button: e.button, down: e.down };
}

/** Releases for everything held (used when a realtime run pauses with releases still due). */
export function releaseHeld(held: HeldControls, slot: number, at: number): PlannedAction[] {
  const out: PlannedAction[] = [];
  for (const id of held.keys()) {
    const kind = id.startsWith('key:') ? 'key' : 'button';
    const name = id.slice(id.indexOf(':') + 1);
    out.push(kind === 'key' ? { kind, at, requestedAt: at, slot, key: name, down: false } : { kind, at, requestedAt: at, slot, button: name as MouseButton, down: false });
  }
  held.clear();
  return out;
}
