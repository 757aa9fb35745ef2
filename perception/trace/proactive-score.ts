/**
 * TRACE's proactive scoring, a pure function over target windows and response episodes (game time, ms). A
 * response is assigned by its onset (first token) to the window valid then; the first assigned response of a
 * window is the one scored. In-window accuracy is the content credit of assigned responses over all target
 * windows; the median response delay runs from each answered window's trigger to its response's onset; a false
 * alarm is a response that begins while no window is valid and a later window remains; a miss is a window with
 * no assigned response.
 */

/** How a window's trigger was defined: an event's onset, the end of an action, or an interval a state holds. */
export type WindowKind = 'onset' | 'completion' | 'state';

/** One target window: valid from `startMs` (included) to `endMs` (excluded), game time. */
export interface TargetWindow {
  readonly id: number;
  readonly kind: WindowKind;
  /** The trigger: the response delay is measured from here (the window's start). */
  readonly startMs: number;
  readonly endMs: number;
  /** The content a response must carry for credit, compared after {@link normaliseAnswer}. */
  readonly expected: string;
}

/** One response episode: the game time of its first token and what it said. */
export interface ResponseEpisode {
  readonly onsetMs: number;
  readonly content: string;
}

/** How one response was classified. */
export type ResponseRole = 'assigned' | 'redundant' | 'false_alarm' | 'after_last';

/** The scores and the classification behind them. */
export interface ProactiveScore {
  readonly windows: number;
  readonly responses: number;
  /** Sum of content credit of the scored responses / windows (null with no window). */
  readonly inWindowAccuracy: number | null;
  /** Median trigger-to-onset delay over answered windows, ms (null when none was answered). */
  readonly medianDelayMs: number | null;
  /** False-alarm episodes / all response episodes (null with no response). */
  readonly falseAlarmRate: number | null;
  /** Windows with no assigned response / windows (null with no window). */
  readonly missRate: number | null;
  readonly falseAlarms: number;
  readonly missed: number;
  /** Per response, in the order given: its role and the window it went to. */
  readonly roles: readonly { readonly role: ResponseRole; readonly window?: number }[];
  /** Per window, in the order given: the scored response's index, its delay and its credit. */
  readonly perWindow: readonly { readonly id: number; readonly response?: number; readonly delayMs?: number; readonly credit: number }[];
}

/** Lower case, punctuation and surrounding space removed, inner space collapsed: the exact-match form. */
export function normaliseAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The median (the mean of the middle two for an even count); null for no values. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Scores responses against windows (see the file comment); `credit` defaults to normalised exact match. */
export function scoreProactive(
  windows: readonly TargetWindow[],
  responses: readonly ResponseEpisode[],
  credit: (content: string, expected: string) => number = (c, e) => (normaliseAnswer(c) === normaliseAnswer(e) ? 1 : 0),
): ProactiveScore {
  const scored = new Map<number, number>();
  const roles = responses.map((r, i): ProactiveScore['roles'][number] => {
    const w = windows.findIndex((x) => x.startMs <= r.onsetMs && r.onsetMs < x.endMs);
    if (w >= 0) {
      if (scored.has(w)) return { role: 'redundant', window: windows[w]!.id };
      scored.set(w, i);
      return { role: 'assigned', window: windows[w]!.id };
    }
    return windows.some((x) => x.startMs > r.onsetMs) ? { role: 'false_alarm' } : { role: 'after_last' };
  });
  const perWindow = windows.map((w, i) => {
    const r = scored.get(i);
    if (r === undefined) return { id: w.id, credit: 0 };
    const response = responses[r]!;
    return { id: w.id, response: r, delayMs: response.onsetMs - w.startMs, credit: credit(response.content, w.expected) };
  });
  const falseAlarms = roles.filter((r) => r.role === 'false_alarm').length;
  const missed = perWindow.filter((w) => w.response === undefined).length;
  const n = windows.length;
  return {
    windows: n,
    responses: responses.length,
    inWindowAccuracy: n === 0 ? null : perWindow.reduce((s, w) => s + w.credit, 0) / n,
    medianDelayMs: median(perWindow.flatMap((w) => (w.delayMs === undefined ? [] : [w.delayMs]))),
    falseAlarmRate: responses.length === 0 ? null : falseAlarms / responses.length,
    missRate: n === 0 ? null : missed / n,
    falseAlarms,
    missed,
    roles,
    perWindow,
  };
}
