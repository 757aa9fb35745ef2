/**
 * Fairness arms of a paused-clock match: how much game time each agent's thinking costs.
 * - pdq: nothing is charged; the world waits for every agent (the `pdq` clock);
 * - lcrt: each agent's own charged latency (the `lcrt` clock);
 * - matched: the world runs while agents think, but every agent deciding in a round is charged the same
 *   latency, a declared statistic (default `max`: the slower one's) of the latencies measured in the last
 *   `window` rounds; agents observe together, so being faster than the rival gains nothing;
 * - handicap: each agent's own charged latency scaled and offset, declared per slot (on the lcrt timeline).
 * The latencies are measured from each agent's declared source (`LatencySource`) before the arm applies.
 */
import { z } from 'zod';
import { ArenaError, didYouMean, ErrorCode } from '../../protocol/index.js';
import type { ClockMode, PausedClockMode } from './clock-mode.js';
import type { TimelineMode } from './timeline.js';

/** How a matched round's shared charge is taken from the latencies measured in its window. */
export const MatchedStatistic = z.enum(['max', 'mean', 'median', 'min']);
export type MatchedStatistic = z.infer<typeof MatchedStatistic>;

export const FairnessArm = z.discriminatedUnion('arm', [
  z.strictObject({ arm: z.literal('pdq') }),
  z.strictObject({ arm: z.literal('lcrt') }),
  z.strictObject({ arm: z.literal('matched'), statistic: MatchedStatistic.default('max'), window: z.number().int().min(1).max(1000).default(1) }),
  z.strictObject({ arm: z.literal('handicap') }),
]);
export type FairnessArm = z.infer<typeof FairnessArm>;

/** The arm names, for CLI checks and help. */
export const FAIRNESS_ARMS = ['pdq', 'lcrt', 'matched', 'handicap'] as const;

/** One slot's handicap: its measured latency times `scale`, plus `offsetMs` (never below 0). */
export const Handicap = z.strictObject({ scale: z.number().min(0).max(1000).default(1), offsetMs: z.number().min(-600_000).max(600_000).default(0) });
export type Handicap = z.infer<typeof Handicap>;

const bad = (message: string): ArenaError => new ArenaError(ErrorCode.BAD_CONFIG, message);

/** Parses the CLI form: `pdq`, `lcrt`, `handicap`, `matched`, `matched:STAT` or `matched:STAT:WINDOW` (e.g. `matched:mean:5`). */
export function parseFairness(text: string): FairnessArm {
  const [arm, stat, window, ...rest] = text.trim().split(':');
  if (arm === 'pdq' || arm === 'lcrt' || arm === 'handicap') {
    if (stat !== undefined) throw bad(`fairness arm '${arm}' takes no value (got '${text}')`);
    return { arm };
  }
  if (arm === 'matched') {
    const statistic = MatchedStatistic.safeParse(stat ?? 'max');
    if (!statistic.success) throw bad(`matched takes a statistic of ${MatchedStatistic.options.join(', ')} (got '${text}')`);
    const w = window === undefined ? 1 : Number(window);
    if (!Number.isInteger(w) || w < 1 || w > 1000 || rest.length > 0) throw bad(`matched:STAT:WINDOW takes a window of 1 to 1000 rounds (got '${text}')`);
    return { arm, statistic: statistic.data, window: w };
  }
  throw bad(`unknown fairness arm '${text}'${didYouMean(arm ?? '', FAIRNESS_ARMS)}; use ${FAIRNESS_ARMS.join(', ')} (matched:STAT[:WINDOW] with STAT ${MatchedStatistic.options.join('|')})`);
}

/** The arm as the CLI writes it: `matched` for the default statistic, `matched:mean:5` otherwise. */
export function describeFairness(arm: FairnessArm): string {
  if (arm.arm !== 'matched') return arm.arm;
  if (arm.statistic === 'max' && arm.window === 1) return 'matched';
  return `matched:${arm.statistic}${arm.window === 1 ? '' : `:${arm.window}`}`;
}

/** Parses a handicap: `x2` (scale), `+300` or `-100` (offset, ms), or both, `x1.5+200`. */
export function parseHandicap(text: string): Handicap {
  const m = /^(?:x(\d+(?:\.\d+)?))?([+-]\d+(?:\.\d+)?)?$/.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) throw bad(`a handicap is xSCALE, +MS, -MS or xSCALE+MS, e.g. x2 or x1.5+200 (got '${text}')`);
  return Handicap.parse({ ...(m[1] === undefined ? {} : { scale: Number(m[1]) }), ...(m[2] === undefined ? {} : { offsetMs: Number(m[2]) }) });
}

/** The handicap as `parseHandicap` reads it. */
export function describeHandicap(h: Handicap): string {
  return `${h.scale === 1 && h.offsetMs !== 0 ? '' : `x${h.scale}`}${h.offsetMs === 0 ? '' : `${h.offsetMs > 0 ? '+' : ''}${h.offsetMs}`}`;
}

/** What the arm means, for readers of run.json. */
export function fairnessMeaning(arm: FairnessArm): string {
  switch (arm.arm) {
    case 'pdq':
      return 'the world waits for every agent; thinking costs no game time';
    case 'lcrt':
      return "each agent is charged its own latency; a faster agent acts more often";
    case 'matched':
      return `agents observe together and every agent of a round is charged the same latency: the ${arm.statistic} of the latencies measured in the last ${arm.window} round${arm.window === 1 ? '' : 's'}`;
    case 'handicap':
      return "each agent is charged its own latency times its slot's scale plus its offset (never below 0)";
  }
}

/**
 * The match's clock and arm from what a spec gives: an arm alone sets the clock (pdq for `pdq`, lcrt for the
 * others); both must agree; handicaps need the handicap arm and the handicap arm needs one. BAD_CONFIG otherwise.
 */
export function resolveFairness(clock: ClockMode | undefined, fairness: FairnessArm | undefined, handicapped: readonly number[]): { clock: ClockMode; fairness: FairnessArm | undefined } {
  if (fairness === undefined) {
    if (handicapped.length > 0) throw bad(`slot ${handicapped.join(', ')} declares a handicap, which needs --fairness handicap`);
    return { clock: clock ?? 'pdq', fairness };
  }
  const needs: ClockMode = fairness.arm === 'pdq' ? 'pdq' : 'lcrt';
  if (clock !== undefined && clock !== needs) throw bad(`fairness arm '${describeFairness(fairness)}' runs on the ${needs} clock, not ${clock}`);
  if (fairness.arm === 'handicap' && handicapped.length === 0) throw bad('fairness arm handicap needs a handicap on at least one slot (e.g. --handicap x2,x1)');
  if (fairness.arm !== 'handicap' && handicapped.length > 0) throw bad(`slot ${handicapped.join(', ')} declares a handicap, which needs --fairness handicap, not ${describeFairness(fairness)}`);
  return { clock: needs, fairness };
}

function statistic(values: readonly number[], stat: MatchedStatistic): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  switch (stat) {
    case 'max':
      return sorted[sorted.length - 1]!;
    case 'min':
      return sorted[0]!;
    case 'mean':
      return Math.round(sorted.reduce((s, v) => s + v, 0) / sorted.length);
    case 'median': {
      const mid = sorted.length >> 1;
      return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
    }
  }
}

/** The rule a match's arm charges by: per decision (handicap) and per round (matched). */
export class FairCharge {
  private readonly recent: number[][] = [];

  constructor(readonly arm: FairnessArm | undefined, private readonly handicaps: ReadonlyMap<number, Handicap>) {}

  /** How the timeline of a match on `clock` places decisions: `matched` observes together and charges each round's shared latency. */
  timelineMode(clock: PausedClockMode): TimelineMode {
    return this.arm?.arm === 'matched' ? 'matched' : clock;
  }

  /** The arm changes what a decision is charged, so records keep the measured latency beside the charge. */
  get adjusts(): boolean {
    return this.arm?.arm === 'matched' || this.arm?.arm === 'handicap';
  }

  /** A slot's handicap, when the arm is handicap and the slot declares one. */
  handicapOf(slot: number): Handicap | undefined {
    return this.arm?.arm === 'handicap' ? this.handicaps.get(slot) : undefined;
  }

  /** One decision's charge from its measured latency: scaled and offset under handicap, unchanged otherwise. */
  decision(slot: number, measuredMs: number): number {
    const h = this.handicapOf(slot);
    return h === undefined ? measuredMs : Math.max(0, Math.round(measuredMs * h.scale + h.offsetMs));
  }

  /** The shared charge of a round under `matched` from the latencies measured in it (and the window's earlier rounds). */
  round(measured: readonly number[]): number | undefined {
    const arm = this.arm;
    if (arm?.arm !== 'matched' || measured.length === 0) return undefined;
    this.recent.push([...measured]);
    while (this.recent.length > arm.window) this.recent.shift();
    return statistic(this.recent.flat(), arm.statistic);
  }
}

/**
 * The arm as run.json `conditions` declares it: nothing for `pdq` and `lcrt` (the clock declares them, so their
 * records equal the plain clocks'), the rule for `matched`, and each slot's scale and offset for `handicap`.
 */
export function fairnessConditions(arm: FairnessArm | undefined, slots: readonly { readonly slot: number; readonly handicap?: Handicap | undefined }[]): { fairness?: Record<string, unknown> } {
  if (arm === undefined || arm.arm === 'pdq' || arm.arm === 'lcrt') return {};
  const rule = arm.arm === 'matched' ? { statistic: arm.statistic, window: arm.window } : { handicaps: slots.map((s) => ({ slot: s.slot, ...(s.handicap ?? Handicap.parse({})) })) };
  return { fairness: { arm: arm.arm, name: describeFairness(arm), ...rule, meaning: fairnessMeaning(arm) } };
}
