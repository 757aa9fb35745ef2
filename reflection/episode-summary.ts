/**
 * What the reflector reads about one episode, built from its run directory: progress over time, events,
 * the cause of the end, the actions taken and the invalid answers. Long lists are sampled so a summary
 * stays a few thousand characters whatever the episode's length.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { formatChunk, SCORE_MEASURES } from '../protocol/index.js';
import { benchmarkTimeline, DecisionRecord, EventRecord, ProgressRecord, RunJson, readJsonl, runMeasure, seatValue } from '../gateway/index.js';

/** A decision line as the run-record schema reads it. */
export type DecisionLine = DecisionRecord;

/** Limits on how much of an episode a summary shows. */
export interface SummaryLimits {
  /** Progress samples; default 24. */
  readonly progressPoints: number;
  /** Decisions listed in the action timeline; default 40. */
  readonly decisions: number;
  /** Player events listed; default 30. */
  readonly events: number;
  /** Characters of a model answer quoted; default 200. */
  readonly answerChars: number;
}

const DEFAULT_LIMITS: SummaryLimits = { progressPoints: 24, decisions: 40, events: 30, answerChars: 200 };

/** An episode's summary, as the reflector's `read_episode` tool returns it (as JSON). */
export interface EpisodeSummary {
  readonly episode: number;
  readonly variant: string;
  readonly seed: number;
  readonly status: string;
  /** Mean progress of the player's slots at the end, in [0, 1]; under the omnigamearena profile their benchmark score, raw. */
  readonly score: number;
  /** Set under the omnigamearena profile: `score` and `progress` are the benchmark's raw score (can leave [0, 1]), not our progress. */
  readonly measure?: string;
  readonly end: { readonly reason: string; readonly atSeconds: number; readonly failure?: { readonly code: string; readonly class: string; readonly message: string } };
  readonly limits: { readonly timeLimitSeconds?: number; readonly stepBudget?: number };
  /** Progress (under the omnigamearena profile the benchmark score) over game time, sampled. */
  readonly progress: readonly { readonly t: number; readonly progress: number }[];
  readonly events: {
    readonly counts: Readonly<Record<string, number>>;
    /** The player's own events (those with a slot), latest last. */
    readonly player: readonly { readonly t: number; readonly name: string; readonly data?: Readonly<Record<string, unknown>> }[];
  };
  readonly actions: {
    readonly decisions: number;
    readonly valid: number;
    readonly invalid: number;
    readonly failed: number;
    /** Chunk steps in which each control was held, over the episode. */
    readonly controlSteps: Readonly<Record<string, number>>;
    readonly idleSteps: number;
    readonly totalSteps: number;
    /** Mean absolute mouse move per decision, degrees. */
    readonly meanLookDeg: { readonly x: number; readonly y: number };
    /** Decisions in order (sampled when there are many; the last ones always shown). */
    readonly timeline: readonly { readonly step: number; readonly slot?: number; readonly t: number; readonly status: string; readonly chunk?: string; readonly answer?: string; readonly note?: string; readonly frame: boolean }[];
  };
  readonly invalidAnswers: {
    readonly count: number;
    readonly reasons: Readonly<Record<string, number>>;
    readonly examples: readonly { readonly step: number; readonly reason: string; readonly detail?: string; readonly answer?: string }[];
  };
  /** Decision steps that have a recorded frame (what `view_frames` can show). */
  readonly frameSteps: readonly number[];
}

const round2 = (n: number): number => Math.round(n * 100) / 100;
const round3 = (n: number): number => Math.round(n * 1000) / 1000;

/** Picks at most `n` items spread evenly, always keeping the first and the last. */
export function sampleEvenly<T>(items: readonly T[], n: number): T[] {
  if (items.length <= n) return [...items];
  if (n <= 1) return items.slice(-1);
  const out: T[] = [];
  for (let i = 0; i < n; i++) out.push(items[Math.round((i * (items.length - 1)) / (n - 1))]!);
  return out;
}

function parseLines<T>(path: string, schema: z.ZodType<T>): T[] {
  return readJsonl<unknown>(path).flatMap((line) => {
    const parsed = schema.safeParse(line);
    return parsed.success ? [parsed.data] : [];
  });
}

/** Reads an episode's decisions (for `view_frames`), only those of the given slots. */
export function readDecisions(dir: string, slots: readonly number[]): DecisionLine[] {
  return parseLines(join(dir, 'decisions.jsonl'), DecisionRecord).filter((d) => slots.includes(d.slot));
}

function excerpt(text: string | undefined, chars: number): string | undefined {
  if (text === undefined) return undefined;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= chars ? flat : `${flat.slice(0, chars)}…`;
}

/** Builds the summary of the episode recorded in `dir`; the player's slots are `slots`. */
export function summariseEpisode(dir: string, episode: number, slots: readonly number[], limits: Partial<SummaryLimits> = {}): EpisodeSummary {
  const lim = { ...DEFAULT_LIMITS, ...limits };
  const metaPath = join(dir, 'run.json');
  const meta = RunJson.parse(existsSync(metaPath) ? JSON.parse(readFileSync(metaPath, 'utf8')) : {});
  const progressLines = parseLines(join(dir, 'progress.jsonl'), ProgressRecord);
  const events = parseLines(join(dir, 'events.jsonl'), EventRecord);
  const decisions = readDecisions(dir, slots);

  const mine = (players: readonly { slot: number; progress: number }[]): number => {
    const own = players.filter((p) => slots.includes(p.slot));
    return own.length === 0 ? 0 : own.reduce((s, p) => s + p.progress, 0) / own.length;
  };
  // Under the omnigamearena profile the episode's score is the benchmark's (as list_episodes and the curve read it), not our clamped progress.
  const bench = runMeasure(meta) === 'benchmark';
  const lines = bench ? (benchmarkTimeline(meta, progressLines) ?? []).map((l) => ({ simMs: l.simMs, players: l.players.map((q) => ({ slot: q.slot, progress: q.score })) })) : progressLines;
  const progress = sampleEvenly(lines, lim.progressPoints).map((p) => ({ t: round2(p.simMs / 1000), progress: round3(mine(p.players)) }));
  const resultPlayers = (meta.result?.players ?? []).map((p) => ({ slot: p.slot, progress: (bench ? seatValue(meta, p.slot) : undefined) ?? p.progress }));
  const score = round3(resultPlayers.length > 0 ? mine(resultPlayers) : (progress.at(-1)?.progress ?? 0));

  const counts: Record<string, number> = {};
  for (const e of events) {
    const name = e.type === 'episode_end' ? 'episode_end' : (e.name ?? e.type);
    counts[name] = (counts[name] ?? 0) + 1;
  }
  const playerEvents = events
    .filter((e) => e.type === 'event' && e.slot !== undefined && slots.includes(e.slot))
    .slice(-lim.events)
    .map((e) => ({ t: round2(e.simMs / 1000), name: e.name ?? 'event', ...(e.data ? { data: e.data } : {}) }));
  const endEvent = events.find((e) => e.type === 'episode_end');

  const controlSteps: Record<string, number> = {};
  let idleSteps = 0;
  let totalSteps = 0;
  let lookX = 0;
  let lookY = 0;
  for (const d of decisions) {
    if (!d.chunk) continue;
    lookX += Math.abs(d.chunk.look.dx ?? 0);
    lookY += Math.abs(d.chunk.look.dy ?? 0);
    for (const step of d.chunk.steps) {
      totalSteps++;
      if (step.length === 0) idleSteps++;
      for (const c of step) controlSteps[c] = (controlSteps[c] ?? 0) + 1;
    }
  }
  const invalid = decisions.filter((d) => d.status === 'invalid');
  const reasons: Record<string, number> = {};
  for (const d of invalid) reasons[d.invalidReason ?? 'UNKNOWN'] = (reasons[d.invalidReason ?? 'UNKNOWN'] ?? 0) + 1;
  // The end matters most: sample the early part and keep the last few decisions whole.
  const tail = decisions.slice(-Math.min(5, lim.decisions));
  const head = sampleEvenly(decisions.slice(0, decisions.length - tail.length), Math.max(0, lim.decisions - tail.length));
  const timeline = [...head, ...tail].map((d) => {
    const answer = excerpt(d.answer, lim.answerChars);
    return {
      step: d.step,
      ...(slots.length > 1 ? { slot: d.slot } : {}),
      t: round2(d.observedAtMs / 1000),
      status: d.status === 'failed' && d.error ? `failed (${d.error.code})` : d.status,
      ...(d.chunk && d.status === 'valid' ? { chunk: formatChunk({ ...d.chunk, look: { dx: d.chunk.look.dx ?? NaN, dy: d.chunk.look.dy ?? NaN } }) } : {}),
      ...(answer === undefined ? {} : { answer }),
      ...(d.note === undefined ? {} : { note: excerpt(d.note, lim.answerChars)! }),
      frame: d.frame !== undefined,
    };
  });
  const n = decisions.filter((d) => d.chunk).length;

  return {
    episode,
    variant: meta.variant,
    seed: meta.seed,
    status: meta.status,
    score,
    ...(bench ? { measure: SCORE_MEASURES.benchmark.axis } : {}),
    end: {
      reason: meta.result?.reason ?? meta.failure?.code ?? endEvent?.reason ?? 'unknown',
      atSeconds: round2((meta.result?.simMs ?? endEvent?.simMs ?? progressLines.at(-1)?.simMs ?? 0) / 1000),
      ...(meta.failure ? { failure: { code: meta.failure.code, class: meta.failure.class, message: meta.failure.message } } : {}),
    },
    limits: {
      ...(meta.limits ? { timeLimitSeconds: meta.limits.timeLimitMs / 1000, stepBudget: meta.limits.stepBudget } : {}),
    },
    progress,
    events: { counts, player: playerEvents },
    actions: {
      decisions: decisions.length,
      valid: decisions.filter((d) => d.status === 'valid').length,
      invalid: invalid.length,
      failed: decisions.filter((d) => d.status === 'failed').length,
      controlSteps,
      idleSteps,
      totalSteps,
      meanLookDeg: { x: n === 0 ? 0 : round2(lookX / n), y: n === 0 ? 0 : round2(lookY / n) },
      timeline,
    },
    invalidAnswers: {
      count: invalid.length,
      reasons,
      examples: invalid.slice(0, 5).map((d) => {
        const answer = excerpt(d.answer, lim.answerChars);
        return { step: d.step, reason: d.invalidReason ?? 'UNKNOWN', ...(d.invalidDetail === undefined ? {} : { detail: d.invalidDetail }), ...(answer === undefined ? {} : { answer }) };
      }),
    },
    frameSteps: decisions.filter((d) => d.frame !== undefined).map((d) => d.step),
  };
}
