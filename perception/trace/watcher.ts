/**
 * The watcher of a live match: a MatchObserver that samples one player's view at the declared rate, keeps
 * the events, progress and tracked state the match records (for questions and references; the model gets
 * none of it), asks QA questions as the stream passes
 * their game times and polls the model for proactive responses. It never holds the match up: the observer
 * calls return at once and the model calls run beside the match.
 */
import type { MatchEvent, MatchObserver } from '../../gateway/index.js';
import type { EpisodeEnd, Frame, GameEvent } from '../../protocol/index.js';
import { FrameSampler, type SamplerStats } from './frame-sampler.js';
import { createHistory, type HistoryPolicy, type SampledFrame } from './history.js';
import { monitorInstruction, monitorWindows, type Monitor } from './monitor.js';
import { questionAt, questionTimes } from './qa-questions.js';
import { StreamClock } from './stream-clock.js';
import { playerLabel, type ProgressReport, type StreamRecord, type TrackedReport, type Vocabulary } from './stream-record.js';
import { ProactiveTask, QaTask, type QaRecord, type RequestRecord } from './watch-tasks.js';
import type { WatcherModel } from './watcher-model.js';
import { scoreProactive, type ProactiveScore, type TargetWindow } from './proactive-score.js';

/** The watcher's settings (the run's declared conditions come from these). */
export interface WatcherOptions {
  readonly gameName: string;
  readonly slots: readonly number[];
  /** How tasks name players, events and variables (see vocabularyFor). */
  readonly vocabulary: Vocabulary;
  /** Whose view the watcher sees. */
  readonly viewSlot: number;
  readonly fps: number;
  readonly maxSide: number | undefined;
  readonly quality: number;
  readonly history: HistoryPolicy;
  readonly tasks: { readonly qa: boolean; readonly proactive: boolean };
  readonly qaEveryMs: number;
  readonly seed: number;
  readonly monitor: Monitor;
  readonly toleranceMs: number;
  readonly model: WatcherModel;
  readonly signal: AbortSignal;
  /** Each request as it finishes (requests.jsonl). */
  readonly onRequest?: (record: RequestRecord) => void;
}

/** What the watcher saw and did, for the report. */
export interface WatchOutcome {
  readonly endMs: number;
  readonly sampler: SamplerStats;
  readonly qa: readonly QaRecord[];
  readonly instruction: string;
  readonly windows: readonly TargetWindow[];
  readonly responses: readonly { readonly onsetMs: number; readonly content: string; readonly poll: number }[];
  readonly polls: number;
  readonly failedPolls: number;
  readonly proactive: ProactiveScore;
}

/** The system text of the watcher's conversations. */
export function watcherSystem(gameName: string, viewSlot: number, fps: number, vocabulary: Vocabulary, task: string): string {
  const players = vocabulary.players ? ` ${vocabulary.players}` : '';
  return `You are watching a live match of ${gameName} as it is played, from the view of ${playerLabel(vocabulary, viewSlot)}, sampled at ${fps} frame(s) per second of game time. Each image is labelled with its game time. You see only what has happened so far.${players} ${task}`;
}

export class TraceWatcher implements MatchObserver {
  readonly clock = new StreamClock();
  private readonly events: GameEvent[] = [];
  private readonly progress: ProgressReport[] = [];
  private readonly tracked: TrackedReport[] = [];
  private readonly sampler: FrameSampler;
  private readonly qa: QaTask | undefined;
  private readonly proactive: ProactiveTask | undefined;
  private readonly instruction: string;
  private readonly times: number[];
  private asked = 0;
  private endMs: number | undefined;

  constructor(private readonly options: WatcherOptions, timeLimitMs: number) {
    const log = (r: RequestRecord): void => options.onRequest?.(r);
    this.instruction = monitorInstruction(options.monitor, options.slots, options.vocabulary);
    const qaSystem = watcherSystem(options.gameName, options.viewSlot, options.fps, options.vocabulary, 'Answer each question about the match as asked.');
    const proSystem = watcherSystem(options.gameName, options.viewSlot, options.fps, options.vocabulary, this.instruction);
    const qaHistory = options.tasks.qa ? createHistory(options.history, qaSystem) : undefined;
    const proHistory = options.tasks.proactive ? createHistory(options.history, proSystem) : undefined;
    const shared = { model: options.model, clock: this.clock, signal: options.signal, log };
    this.qa = qaHistory && new QaTask({ history: qaHistory, ...shared });
    this.proactive = proHistory && new ProactiveTask({ history: proHistory, ...shared });
    this.times = options.tasks.qa ? questionTimes(options.qaEveryMs, timeLimitMs) : [];
    this.sampler = new FrameSampler({
      fps: options.fps,
      slot: options.viewSlot,
      maxSide: options.maxSide,
      quality: options.quality,
      onSample: (frame: SampledFrame) => {
        qaHistory?.append(frame);
        proHistory?.append(frame);
        this.proactive?.frameAdded(frame.atMs);
      },
    });
  }

  private record(): StreamRecord {
    return { events: this.events, progress: this.progress, tracked: this.tracked, slots: this.options.slots, vocabulary: this.options.vocabulary };
  }

  /** The stream has delivered everything up to `simMs`: show due ticks and ask due questions. */
  private reached(simMs: number): void {
    this.clock.note(simMs);
    this.sampler.flush(simMs);
    const arrivedAt = performance.now();
    while (this.asked < this.times.length && this.times[this.asked]! <= simMs) {
      const q = this.times[this.asked]!;
      const question = questionAt(this.asked, q, this.record(), this.options.seed);
      this.asked++;
      if (question) this.qa?.ask(question, arrivedAt, this.sampler.settled());
    }
  }

  onFrame(frame: Frame): void {
    this.clock.note(frame.simMs);
    this.sampler.onFrame(frame);
  }

  onEvent(event: GameEvent | EpisodeEnd): void {
    this.clock.note(event.simMs);
    if (event.type === 'event') this.events.push(event);
    else this.endMs = event.simMs;
  }

  /** The recorder's tracked state: for questions and windows only, never shown to the model. */
  onState(report: TrackedReport): void {
    this.clock.note(report.simMs);
    this.tracked.push({ simMs: report.simMs, tracked: report.tracked });
  }

  onProgress(report: ProgressReport): void {
    this.progress.push(report);
    this.reached(report.simMs);
  }

  /** For `MatchSpec.onEvent`: an advance ends with everything up to its game time delivered. */
  onMatchEvent(event: MatchEvent): void {
    if (event.type === 'advanced') this.reached(event.simMs);
  }

  /** After the match: the last ticks and questions, every request answered, then the scores. */
  async finish(matchEndMs: number): Promise<WatchOutcome> {
    const endMs = this.endMs ?? matchEndMs;
    this.reached(endMs);
    await this.sampler.settled();
    await this.qa?.settled();
    await this.proactive?.finish();
    const windows = this.options.tasks.proactive ? monitorWindows(this.options.monitor, this.record(), this.options.toleranceMs, endMs) : [];
    const responses = this.proactive?.responses ?? [];
    return {
      endMs,
      sampler: this.sampler.stats(),
      qa: this.qa?.records ?? [],
      instruction: this.instruction,
      windows,
      responses: responses.map((r) => ({ onsetMs: r.onsetMs, content: r.content, poll: r.poll })),
      polls: this.proactive?.polls ?? 0,
      failedPolls: this.proactive?.failedPolls ?? 0,
      proactive: scoreProactive(windows, responses),
    };
  }
}
