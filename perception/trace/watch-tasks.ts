/**
 * The watcher's two tasks on one stream. QA: each question becomes active (r_q) when the stream passes its
 * game time q; it is sent with the frames up to q under the history policy, and its first token (r_1) and
 * completion (r_end) are timed from r_q. Proactive: the watcher is polled with the stream, one request in
 * flight, each poll carrying the frames that came since; a reply that is neither empty nor the silence token
 * is a response episode whose onset is its first token mapped to game time.
 */
import type { ModelReply, WatcherModel } from './watcher-model.js';
import { askModel } from './watcher-model.js';
import type { RequestHistory, WatchHistory } from './history.js';
import type { QaQuestion } from './qa-questions.js';
import { parseAnswer } from './answer-parse.js';
import { normaliseAnswer, type ResponseEpisode } from './proactive-score.js';
import { SILENCE } from './monitor.js';
import type { StreamClock } from './stream-clock.js';

/** One request as recorded in requests.jsonl. */
export interface RequestRecord {
  readonly task: 'qa' | 'proactive';
  readonly index: number;
  /** Game time of the query (q, or the poll's newest frame), ms. */
  readonly atMs: number;
  readonly history: RequestHistory;
  readonly ok: boolean;
  readonly answer: string;
  readonly error?: { readonly code: string; readonly message: string };
  /** Wall ms from the request's start to its first token and to its end. */
  readonly firstTokenMs?: number;
  readonly endMs: number;
  readonly tokensIn?: number;
  readonly tokensOut?: number;
}

/** One QA record: the question, the reply, its parse and its timing from question arrival. */
export interface QaRecord {
  readonly question: QaQuestion;
  readonly ok: boolean;
  readonly reply: string;
  readonly parsed: string | undefined;
  readonly correct: boolean;
  /** r_1 - r_q and r_end - r_q, ms (wall). */
  readonly ttftMs: number | undefined;
  readonly latencyMs: number;
  /** Game time at r_q, r_1 and r_end, ms (the stream's newest game time then). */
  readonly arrivalGameMs: number;
  readonly firstTokenGameMs: number | undefined;
  readonly endGameMs: number;
  readonly error?: { readonly code: string; readonly message: string };
}

/** What a task works with: its own history, the shared model and stream clock, the run's abort, the request log. */
export interface TaskContext {
  readonly history: WatchHistory;
  readonly model: WatcherModel;
  readonly clock: StreamClock;
  readonly signal: AbortSignal;
  readonly log: (record: RequestRecord) => void;
}

function requestRecord(task: RequestRecord['task'], index: number, atMs: number, history: RequestHistory, reply: ModelReply): RequestRecord {
  return {
    task,
    index,
    atMs,
    history,
    ok: reply.ok,
    answer: reply.answer,
    ...(reply.error ? { error: reply.error } : {}),
    ...(reply.firstTokenAt === undefined ? {} : { firstTokenMs: round(reply.firstTokenAt - reply.startedAt) }),
    endMs: round(reply.endedAt - reply.startedAt),
    ...(reply.tokensIn === undefined ? {} : { tokensIn: reply.tokensIn }),
    ...(reply.tokensOut === undefined ? {} : { tokensOut: reply.tokensOut }),
  };
}

function round(ms: number): number {
  return Math.round(ms * 100) / 100;
}

/** QA: questions queue as they become active and are answered in order on one history. */
export class QaTask {
  readonly records: QaRecord[] = [];
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly task: TaskContext) {}

  /** The question became active at wall time `arrivedAt`; its frames up to q are already in the history. */
  ask(question: QaQuestion, arrivedAt: number, ready: Promise<void>): void {
    const arrivalGameMs = this.task.clock.gameMsAt(arrivedAt);
    this.queue = this.queue.then(async () => {
      await ready;
      const { messages, history } = this.task.history.request(question.text, question.askMs);
      const reply = await askModel(this.task.model, messages, this.task.signal);
      this.task.history.answered(reply.answer);
      this.task.log(requestRecord('qa', question.id, question.askMs, history, reply));
      const parsed = reply.ok ? parseAnswer(question, reply.answer) : undefined;
      this.records.push({
        question,
        ok: reply.ok,
        reply: reply.answer,
        parsed,
        correct: parsed !== undefined && parsed === question.answer,
        ttftMs: reply.firstTokenAt === undefined ? undefined : round(reply.firstTokenAt - arrivedAt),
        latencyMs: round(reply.endedAt - arrivedAt),
        arrivalGameMs,
        firstTokenGameMs: reply.firstTokenAt === undefined ? undefined : this.task.clock.gameMsAt(reply.firstTokenAt),
        endGameMs: this.task.clock.gameMsAt(reply.endedAt),
        ...(reply.error ? { error: reply.error } : {}),
      });
    });
  }

  /** Waits for every question asked so far. */
  async settled(): Promise<void> {
    await this.queue;
  }
}

/** The user text of one proactive poll. */
export const POLL_TEXT = `Respond now as instructed, or reply with exactly ${SILENCE}.`;

/** Proactive: polls the model with the stream, one request at a time, and collects response episodes. */
export class ProactiveTask {
  readonly responses: (ResponseEpisode & { readonly poll: number; readonly wallOnsetMs: number })[] = [];
  polls = 0;
  failedPolls = 0;
  private newestMs: number | undefined;
  private polledMs: number | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(private readonly task: TaskContext) {}

  /** A new frame is in the history: poll unless a poll runs (the next one takes it). */
  frameAdded(atMs: number): void {
    this.newestMs = atMs;
    this.kick();
  }

  private kick(): void {
    if (this.running || this.stopped || this.newestMs === undefined || this.newestMs === this.polledMs) return;
    const atMs = this.newestMs;
    this.polledMs = atMs;
    this.running = this.poll(atMs).finally(() => {
      this.running = undefined;
      this.kick();
    });
  }

  private async poll(atMs: number): Promise<void> {
    const index = this.polls++;
    const { messages, history } = this.task.history.request(POLL_TEXT, atMs);
    const reply = await askModel(this.task.model, messages, this.task.signal);
    this.task.history.answered(reply.answer);
    this.task.log(requestRecord('proactive', index, atMs, history, reply));
    if (!reply.ok) {
      this.failedPolls++;
      return;
    }
    const said = normaliseAnswer(reply.answer);
    if (said.length === 0 || said === normaliseAnswer(SILENCE)) return;
    const wallOnsetMs = reply.firstTokenAt ?? reply.endedAt;
    this.responses.push({ onsetMs: this.task.clock.gameMsAt(wallOnsetMs), content: reply.answer, poll: index, wallOnsetMs });
  }

  /** Finishes the poll that takes the last frames, then stops polling. */
  async finish(): Promise<void> {
    while (this.running) await this.running;
    this.stopped = true;
  }
}
