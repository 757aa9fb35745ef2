/**
 * What the watcher's tasks are generated from, in stream order: the game's events and progress reports and,
 * for a reference game with a perception adapter, its tracked task-relevant state (the recorder's privileged
 * stream: it makes questions and references, and never reaches the model). The vocabulary names the players
 * and the critical events and tracked variables the game declares; a game without an adapter gets players
 * named by slot and its events as they come.
 */
import type { GameEvent, PlayerProgress, TrackedValue } from '../../protocol/index.js';
import { perceptionAdapters, type PerceptionAdapter } from '../../games/index.js';

/** One progress report: every player's progress and raw score at a game time, ms. */
export interface ProgressReport {
  readonly simMs: number;
  readonly players: readonly PlayerProgress[];
}

/** One tracked-state report: the adapter's variables at a game time, ms. */
export interface TrackedReport {
  readonly simMs: number;
  readonly tracked: Readonly<Record<string, TrackedValue>>;
}

/** How tasks name players, events and variables. */
export interface Vocabulary {
  /** The label of each slot. */
  readonly labels: Readonly<Record<number, string>>;
  /** One line for the model: who the labels are and how to tell them apart (empty when slots are the names). */
  readonly players: string;
  /** The game's critical events with descriptions (empty: every event counts, by its name). */
  readonly events: readonly { readonly name: string; readonly description: string }[];
  /** Tracked variables a question may ask about. */
  readonly variables: readonly { readonly name: string; readonly definition: string; readonly domain: string; readonly update: boolean }[];
}

/** The match as far as the stream has shown it. */
export interface StreamRecord {
  readonly events: readonly GameEvent[];
  readonly progress: readonly ProgressReport[];
  readonly tracked: readonly TrackedReport[];
  /** The player slots of the match, in slot order. */
  readonly slots: readonly number[];
  readonly vocabulary: Vocabulary;
}

/** The vocabulary of a game: its adapter's, or players named by slot. */
export function vocabularyOf(adapter: PerceptionAdapter | undefined, slots: readonly number[]): Vocabulary {
  if (!adapter) return { labels: Object.fromEntries(slots.map((s) => [s, `player ${s}`])), players: '', events: [], variables: [] };
  return { labels: adapter.players.labels, players: adapter.players.description, events: adapter.events, variables: adapter.variables };
}

/** The vocabulary of a game by id (its perception adapter's, when it has one). */
export function vocabularyFor(game: string, slots: readonly number[]): Vocabulary {
  return vocabularyOf(perceptionAdapters.get(game), slots);
}

/** The label a player goes by in questions and instructions. */
export function playerLabel(vocabulary: Vocabulary, slot: number): string {
  return vocabulary.labels[slot] ?? `player ${slot}`;
}

/** An event's words: its declared description, or its name. */
export function eventWords(vocabulary: Vocabulary, name: string): string {
  const spec = vocabulary.events.find((e) => e.name === name);
  return spec ? `"${name}" (${spec.description})` : `"${name.replace(/_/g, ' ')}"`;
}

/** The unique leader by raw score of a report, or null on a tie. */
export function leaderOf(report: ProgressReport): number | null {
  let best: PlayerProgress | undefined;
  let tied = false;
  for (const p of report.players) {
    if (best === undefined || p.score > best.score) {
      best = p;
      tied = false;
    } else if (p.score === best.score) tied = true;
  }
  return best === undefined || tied ? null : best.slot;
}

/** Stretches of one value: from the report where it began to the report that changed it (or `endMs`). */
export function stretches<T>(reports: readonly { readonly simMs: number }[], valueOf: (i: number) => T, endMs: number): { value: T; startMs: number; endMs: number }[] {
  const out: { value: T; startMs: number; endMs: number }[] = [];
  for (const [i, report] of reports.entries()) {
    const value = valueOf(i);
    const last = out.at(-1);
    if (last && last.value === value) continue;
    if (last) last.endMs = report.simMs;
    out.push({ value, startMs: report.simMs, endMs });
  }
  return out.filter((x) => x.endMs > x.startMs);
}

/**
 * Who leads, as stretches of game time: the tracked `lead` variable where the game declares one (exact to the
 * tick), else the unique top raw score of the progress reports (as often as the game reports progress).
 * The value is a player label, or null for even.
 */
export function leadStretches(record: StreamRecord, endMs: number): { value: string | null; startMs: number; endMs: number }[] {
  if (record.vocabulary.variables.some((v) => v.name === 'lead') && record.tracked.length > 0) {
    const slotOf = new Map(Object.entries(record.vocabulary.labels).map(([slot, name]) => [name, Number(slot)]));
    return stretches(record.tracked, (i) => {
      const v = record.tracked[i]!.tracked['lead'];
      return typeof v === 'string' && slotOf.has(v) ? v : null;
    }, endMs);
  }
  return stretches(record.progress, (i) => {
    const slot = leaderOf(record.progress[i]!);
    return slot === null ? null : playerLabel(record.vocabulary, slot);
  }, endMs);
}
