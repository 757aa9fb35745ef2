/**
 * Where each player stands at a moment of game time, from the run's record: the decision in force, whether
 * its chunk is being charged as thinking (lcrt latency), running (acting), or waiting out the observation
 * delay, the keys its chunk holds at that moment, and the thinking and acting game time so far.
 */
import type { BenchmarkPoint, DecisionRecord, PlacementRecord, ProgressRecord } from '../gateway/index.js';

export type Phase = 'start' | 'thinking' | 'acting' | 'waiting';

export interface SlotMoment {
  readonly slot: number;
  /** The newest decision observed at or before this moment. */
  readonly decision: DecisionRecord | undefined;
  readonly phase: Phase;
  /** Keys the chunk holds at this moment. */
  readonly keys: readonly string[];
  readonly thinkingMs: number;
  readonly actingMs: number;
  /** Wall time the agent spent deciding so far (the game was paused for it in pdq and lcrt), ms. */
  readonly wallThinkingMs: number;
}

interface Placed {
  readonly d: DecisionRecord;
  readonly p: PlacementRecord | undefined;
}

/** One decision's stretch of game time: charged as thinking from `observedAtMs` to `chunkStartMs`, acting to `chunkEndMs`. */
export interface ClockSpan {
  readonly observedAtMs: number;
  readonly chunkStartMs: number;
  readonly chunkEndMs: number;
}

/** The record's decisions, placements and progress reports, indexed for lookups by game time. */
export class EpisodeTimeline {
  private readonly bySlot = new Map<number, Placed[]>();
  private progress: readonly ProgressRecord[] = [];

  /** @param endMs the episode's game time when known (a finished run's), so the panel's time axis is the whole episode. */
  constructor(decisions: readonly DecisionRecord[], placements: readonly PlacementRecord[], readonly stepMs: number, progress: readonly ProgressRecord[] = [], readonly endMs?: number) {
    this.update(decisions, placements, progress);
  }

  /** Replaces the decisions, placements and progress (a live recorder calls this as the record grows). */
  update(decisions: readonly DecisionRecord[], placements: readonly PlacementRecord[], progress: readonly ProgressRecord[] = this.progress): void {
    this.progress = progress;
    const p = new Map(placements.map((x) => [`${x.slot}:${x.step}`, x]));
    this.bySlot.clear();
    for (const d of decisions) {
      const list = this.bySlot.get(d.slot) ?? [];
      list.push({ d, p: p.get(`${d.slot}:${d.step}`) });
      this.bySlot.set(d.slot, list);
    }
  }

  /** Every decision of `slot` in the record so far, in order. */
  decisionsOf(slot: number): DecisionRecord[] {
    return (this.bySlot.get(slot) ?? []).map((x) => x.d);
  }

  /** The placed decisions of `slot` observed at or before `t`, ms. */
  spans(slot: number, t: number): ClockSpan[] {
    const out: ClockSpan[] = [];
    for (const x of this.bySlot.get(slot) ?? []) {
      if (x.d.observedAtMs > t) break;
      if (x.p) out.push({ observedAtMs: x.p.observedAtMs, chunkStartMs: x.p.chunkStartMs, chunkEndMs: x.p.chunkEndMs });
    }
    return out;
  }

  /**
   * The benchmark's score over game time (`benchmarkTimeline`, for a run under the omnigamearena profile): the
   * panel then charts it, raw, in place of our progress.
   */
  benchmark: readonly BenchmarkPoint[] | undefined;

  /** What the panel charts of `slot` up to `t`, ms: the benchmark score where the run has one, else progress. */
  scoreOf(slot: number, t: number): { simMs: number; value: number }[] {
    if (this.benchmark === undefined) return seriesOf(this.progress, slot, t, (p) => p.progress);
    return seriesOf(this.benchmark, slot, t, (p) => p.score);
  }

  /** The lowest and highest value `scoreOf` gives `slot` over the whole record: 0 to 1 for progress, at least that for the benchmark's. */
  scoreRange(slot: number): { lo: number; hi: number } {
    const values = this.scoreOf(slot, Infinity).map((p) => p.value);
    return this.benchmark === undefined ? { lo: 0, hi: 1 } : { lo: Math.min(0, ...values), hi: Math.max(1, ...values) };
  }

  /** The moment of `slot` at game time `t`, ms. */
  at(slot: number, t: number): SlotMoment {
    const list = this.bySlot.get(slot) ?? [];
    let current: Placed | undefined;
    let thinkingMs = 0;
    let actingMs = 0;
    let wallThinkingMs = 0;
    for (const x of list) {
      if (x.d.observedAtMs > t) break;
      current = x;
      wallThinkingMs += x.d.timings?.wallMs ?? 0;
      if (!x.p) continue;
      thinkingMs += Math.min(t, x.p.chunkStartMs) - x.p.observedAtMs;
      actingMs += Math.max(0, Math.min(t, x.p.chunkEndMs) - x.p.chunkStartMs);
    }
    if (!current) return { slot, decision: undefined, phase: 'start', keys: [], thinkingMs, actingMs, wallThinkingMs };
    const p = current.p;
    const phase: Phase = !p ? 'waiting' : t < p.chunkStartMs ? 'thinking' : t < p.chunkEndMs ? 'acting' : 'waiting';
    const stepIndex = p && phase === 'acting' ? Math.floor((t - p.chunkStartMs) / this.stepMs) : -1;
    const keys = stepIndex >= 0 ? (current.d.chunk?.steps[stepIndex] ?? []) : [];
    return { slot, decision: current.d, phase, keys, thinkingMs, actingMs, wallThinkingMs };
  }
}

/** `slot`'s value in each of `lines` at or before `t`, ms, in game-time order. */
function seriesOf<P extends { slot: number }>(lines: readonly { simMs: number; players: readonly P[] }[], slot: number, t: number, value: (p: P) => number): { simMs: number; value: number }[] {
  const out: { simMs: number; value: number }[] = [];
  for (const line of lines) {
    if (line.simMs > t) break;
    const p = line.players.find((q) => q.slot === slot);
    if (p) out.push({ simMs: line.simMs, value: value(p) });
  }
  return out;
}
