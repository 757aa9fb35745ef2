/**
 * The report of one `arena watch` run: its declared conditions, QA and proactive metrics, and a readable
 * summary. QA accuracy counts correct, uniquely parsed answers over every question asked (failures and
 * timeouts stay in the denominator); the invalid-output rate counts completed answers no unique option or
 * number could be read from, over every question; TTFT and latency run from question arrival (r_q).
 */
import type { HistoryPolicy } from './history.js';
import { median } from './proactive-score.js';
import type { WatchOutcome } from './watcher.js';
import type { RequestRecord } from './watch-tasks.js';

/** What a run declares about how it was produced. */
export interface WatchConditions {
  readonly game: string;
  readonly variant: string;
  readonly seed: number;
  readonly clock: string;
  readonly history: HistoryPolicy;
  /** The evaluated boundary: the model with this adapter (no external memory, scheduling or services). */
  readonly boundary: 'model+adapter';
  readonly samplingFps: number;
  readonly view: { readonly slot: number; readonly maxSide: number | null; readonly jpegQuality: number };
  /** As given by --deployment (how the model was served). */
  readonly deployment: string;
  readonly provider: string;
  readonly model: string;
  /** Proactive output is self-initiated: the model is polled with the stream after one instruction. */
  readonly proactiveInitiation: 'self-initiated';
  readonly tasks: readonly string[];
  readonly qaEverySeconds: number;
  readonly monitor: string;
  readonly toleranceSeconds: number;
  readonly requestTimeoutSeconds: number;
  /** How wall-clock moments became game time (see docs/perception.md). */
  readonly gameTime: string;
}


function ratio(n: number, d: number): number | null {
  return d === 0 ? null : n / d;
}

function sum(xs: readonly (number | undefined)[]): number {
  return xs.reduce<number>((s, x) => s + (x ?? 0), 0);
}

/** The metrics of a run from its outcome and request records. */
export function watchMetrics(outcome: WatchOutcome, requests: readonly RequestRecord[]) {
  const qa = outcome.qa;
  const done = qa.filter((r) => r.ok);
  const qaRequests = requests.filter((r) => r.task === 'qa');
  const proRequests = requests.filter((r) => r.task === 'proactive');
  const p = outcome.proactive;
  return {
    qa: {
      questions: qa.length,
      accuracy: ratio(qa.filter((r) => r.correct).length, qa.length),
      completionRate: ratio(done.length, qa.length),
      invalidOutputRate: ratio(done.filter((r) => r.parsed === undefined).length, qa.length),
      medianTtftMs: median(done.flatMap((r) => (r.ttftMs === undefined ? [] : [r.ttftMs]))),
      medianLatencyMs: median(done.map((r) => r.latencyMs)),
      submittedImages: sum(qaRequests.map((r) => r.history.images)),
      replayedImages: sum(qaRequests.map((r) => r.history.imagesReplayed)),
      outputTokens: sum(qaRequests.map((r) => r.tokensOut)),
      inputTokens: sum(qaRequests.map((r) => r.tokensIn)),
      medianEvidenceToQuestionMs: median(qa.map((r) => r.question.askMs - r.question.evidenceMs)),
      /** How far the game had run on from q when the answer was complete (the game does not wait for the watcher). */
      medianGameLagMs: median(done.map((r) => r.endGameMs - r.question.askMs)),
    },
    proactive: {
      windows: p.windows,
      responses: p.responses,
      polls: outcome.polls,
      completionRate: ratio(outcome.polls - outcome.failedPolls, outcome.polls),
      inWindowAccuracy: p.inWindowAccuracy,
      medianResponseDelayMs: p.medianDelayMs,
      falseAlarmRate: p.falseAlarmRate,
      missRate: p.missRate,
      submittedImages: sum(proRequests.map((r) => r.history.images)),
      outputTokens: sum(proRequests.map((r) => r.tokensOut)),
    },
    frames: outcome.sampler,
  };
}

export type WatchMetrics = ReturnType<typeof watchMetrics>;

function pct(x: number | null): string {
  return x === null ? 'n/a' : `${(x * 100).toFixed(1)}%`;
}

function ms(x: number | null): string {
  return x === null ? 'n/a' : `${(x / 1000).toFixed(2)} s`;
}

/** The readable summary (summary.txt and the command's output). */
export function watchSummary(conditions: WatchConditions, metrics: WatchMetrics, endMs: number): string {
  const h = conditions.history.kind === 'native' ? `native (cap ${conditions.history.capFrames} frames)` : `window ${conditions.history.seconds} s`;
  const q = metrics.qa;
  const p = metrics.proactive;
  const lines = [
    `arena watch: ${conditions.game}/${conditions.variant} seed ${conditions.seed} ${conditions.clock}, ${(endMs / 1000).toFixed(1)} s of game time`,
    `conditions: history ${h}; boundary ${conditions.boundary}; ${conditions.samplingFps} fps of player ${conditions.view.slot}'s view; deployment ${conditions.deployment}; model ${conditions.model} at ${conditions.provider}`,
    `frames: ${metrics.frames.framesIn} from the game, ${metrics.frames.samples} samples (${metrics.frames.held} held), ${metrics.frames.encodes} encodes, ${metrics.frames.framesDropped} never shown`,
  ];
  if (conditions.tasks.includes('qa')) {
    lines.push(
      `QA: ${q.questions} questions, accuracy ${pct(q.accuracy)}, completion ${pct(q.completionRate)}, invalid output ${pct(q.invalidOutputRate)}; median TTFT ${ms(q.medianTtftMs)}, latency ${ms(q.medianLatencyMs)} (${ms(q.medianGameLagMs)} of game time past q); ${q.submittedImages} images submitted (${q.replayedImages} replayed), ${q.outputTokens} output tokens`,
    );
  }
  if (conditions.tasks.includes('proactive')) {
    lines.push(
      `proactive (${conditions.monitor}, tolerance ${conditions.toleranceSeconds} s): ${p.windows} windows, ${p.responses} responses in ${p.polls} polls (completion ${pct(p.completionRate)}); in-window accuracy ${pct(p.inWindowAccuracy)}, median delay ${ms(p.medianResponseDelayMs)}, false alarms ${pct(p.falseAlarmRate)}, misses ${pct(p.missRate)}; ${p.submittedImages} images submitted`,
    );
  }
  return `${lines.join('\n')}\n`;
}
