/**
 * The proactive task: one monitoring instruction given at the start, and its target windows derived from the
 * game's events and progress. `event:NAME` and `completion:NAME` trigger at each NAME event (an action's
 * onset or its end); a window runs from the trigger to the tolerance or the next trigger, whichever is first.
 * `lead` is a state task: one window per stretch in which one player leads (the game's tracked `lead` where it
 * declares one, else the top score), the leader's label the expected answer. `score` triggers at each rise of the viewed player's score.
 */
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { eventWords, leadStretches, playerLabel, type StreamRecord, type Vocabulary } from './stream-record.js';
import type { TargetWindow, WindowKind } from './proactive-score.js';

/** What the watcher is asked to monitor. */
export type Monitor =
  | { readonly kind: 'event' | 'completion'; readonly event: string }
  | { readonly kind: 'lead' }
  | { readonly kind: 'score'; readonly slot: number };

/** The reply that means "nothing to say now". */
export const SILENCE = 'NONE';

/** Reads `event:NAME`, `completion:NAME`, `lead` or `score`; BAD_CONFIG otherwise. */
export function parseMonitor(text: string, viewSlot: number): Monitor {
  const [head, name] = text.split(':', 2) as [string, string | undefined];
  if ((head === 'event' || head === 'completion') && name && /^[a-z0-9_]+$/.test(name)) return { kind: head, event: name };
  if (text === 'lead') return { kind: 'lead' };
  if (text === 'score') return { kind: 'score', slot: viewSlot };
  throw new ArenaError(ErrorCode.BAD_CONFIG, `--monitor takes event:NAME, completion:NAME, lead or score (got '${text}')`);
}

/** The token a response to an event monitor must be. */
export function eventToken(event: string): string {
  return event.toUpperCase();
}

/** The monitoring instruction, word for word as the model gets it. */
export function monitorInstruction(monitor: Monitor, slots: readonly number[], vocabulary: Vocabulary): string {
  const rest = `At every other moment reply with exactly ${SILENCE}.`;
  switch (monitor.kind) {
    case 'event':
      return `Watch the stream. As soon as you see ${eventWords(vocabulary, monitor.event)} happen, reply with exactly ${eventToken(monitor.event)}. ${rest}`;
    case 'completion':
      return `Watch the stream. As soon as ${eventWords(vocabulary, monitor.event)} has been completed, reply with exactly ${eventToken(monitor.event)}. ${rest}`;
    case 'lead':
      return `Watch the stream. Whenever a player takes the lead, reply with exactly that player's name (${slots.map((s) => playerLabel(vocabulary, s)).join(' or ')}). ${rest}`;
    case 'score':
      return `Watch the stream. Each time ${playerLabel(vocabulary, monitor.slot)}'s score goes up, reply with exactly SCORE. ${rest}`;
  }
}

/** Windows [t_i, min(t_i + tolerance, t_{i+1})) over distinct trigger times. */
export function triggerWindows(times: readonly number[], toleranceMs: number, kind: WindowKind, expected: string): TargetWindow[] {
  const distinct = [...new Set(times)].sort((a, b) => a - b);
  return distinct.map((t, i) => ({ id: i, kind, startMs: t, endMs: Math.min(t + toleranceMs, distinct[i + 1] ?? Infinity), expected }));
}

/** The target windows of a monitor over a finished stream ending at `endMs`. */
export function monitorWindows(monitor: Monitor, record: StreamRecord, toleranceMs: number, endMs: number): TargetWindow[] {
  switch (monitor.kind) {
    case 'event':
    case 'completion': {
      const times = record.events.filter((e) => e.name === monitor.event).map((e) => e.simMs);
      return triggerWindows(times, toleranceMs, monitor.kind === 'event' ? 'onset' : 'completion', eventToken(monitor.event));
    }
    case 'score': {
      const times: number[] = [];
      let last: number | undefined;
      for (const r of record.progress) {
        const score = r.players.find((p) => p.slot === monitor.slot)?.score;
        if (score === undefined) continue;
        if (last !== undefined && score > last) times.push(r.simMs);
        last = score;
      }
      return triggerWindows(times, toleranceMs, 'onset', 'SCORE');
    }
    case 'lead':
      return leadStretches(record, endMs)
        .filter((x) => x.value !== null)
        .map((x, i) => ({ id: i, kind: 'state' as const, startMs: x.startMs, endMs: x.endMs, expected: x.value! }));
  }
}
