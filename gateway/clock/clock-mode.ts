/**
 * The clock modes of a match (names as in the benchmark), one row each. The schema, the `--clock` help
 * texts (but `arena match`'s, written out in `plans/match/match-flags.ts`) and their errors come from
 * `CLOCK_MODES`; a new mode is a row here, its case in the paused loop and the `Timeline` (or, not paused, its
 * own loop chosen in `gateway/match/run-match.ts`), and its lines in docs/clock.md (docs/architecture.md,
 * "Add a clock mode").
 */
import { z } from 'zod';

/** One clock mode: whether the game pauses while agents decide, whether a decision's latency is charged to the game, and what it means. */
export interface ClockModeRow {
  readonly mode: string;
  /** Paused while agents decide: the run has an exact input schedule (re-simulation, sweeps, tournaments). */
  readonly paused: boolean;
  /** Each decision's charged latency (its agent's latency source) runs on the game clock before its chunk. */
  readonly chargesLatency: boolean;
  /** One line for docs and help. */
  readonly means: string;
  /** What a decision's latency costs, for readers of run.json, in a mode that charges none. */
  readonly uncharged?: string;
}

/** Every clock mode, in the order help texts list them. */
export const CLOCK_MODES = [
  { mode: 'realtime', paused: false, chargesLatency: false, means: 'the game runs freely; agents act when their answers arrive', uncharged: 'none: the game runs on while agents think, the wall clock is the cost' },
  { mode: 'pdq', paused: true, chargesLatency: false, means: 'paused while agents decide; chunks (+ observation delay) then run; latency costs nothing', uncharged: 'none: the game is paused while agents think, nothing is charged' },
  { mode: 'lcrt', paused: true, chargesLatency: true, means: "paused while agents decide; the game then runs each decision's charged latency, then its chunk" },
] as const satisfies readonly ClockModeRow[];

type Row = (typeof CLOCK_MODES)[number];
/** A paused clock mode (pdq, lcrt): one whose runs have an exact input schedule. */
export type PausedClockMode = Extract<Row, { paused: true }>['mode'];

const names = CLOCK_MODES.map((r) => r.mode);
/** The paused modes' names, in table order. */
export const PAUSED_CLOCK_MODES = CLOCK_MODES.filter((r): r is Extract<Row, { paused: true }> => r.paused).map((r) => r.mode);

export const ClockMode = z.enum(names as [Row['mode'], ...Row['mode'][]]);
export type ClockMode = z.infer<typeof ClockMode>;
/** A paused clock mode, as configs of sweeps, tournaments and boards' End-to-End take it. */
export const PausedClockMode = z.enum(PAUSED_CLOCK_MODES as [PausedClockMode, ...PausedClockMode[]]);

/** Whether `mode` pauses the game while agents decide (false for an unknown mode). */
export function isPausedClock(mode: string): mode is PausedClockMode {
  return (PAUSED_CLOCK_MODES as readonly string[]).includes(mode);
}

/** The row of `mode`, or undefined. */
export function clockModeRow(mode: string): ClockModeRow | undefined {
  return CLOCK_MODES.find((r) => r.mode === mode);
}

/** Whether `mode` charges each decision's latency to the game clock (false for an unknown mode). */
export function chargesLatency(mode: string): boolean {
  return clockModeRow(mode)?.chargesLatency === true;
}
