/**
 * The per-match frame check: remembers each slot's previous frame and how many inputs were sent since,
 * judges every observation's frame (`assessFrame`) off the decision's path, when its verdict is asked for,
 * and tallies the verdicts.
 */
import { DEFAULT_THRESHOLDS, IntegrityTally, assessFrame, blockHash, type Frame, type FrameIntegrity, type IntegrityCounts, type IntegrityThresholds, type SeenFrame } from '../../protocol/index.js';

/** What run.json keeps of a match's frame check: its thresholds, the totals and each slot's counts. */
export interface IntegritySummary {
  readonly thresholds: IntegrityThresholds;
  readonly totals: IntegrityCounts;
  readonly slots: Readonly<Record<string, IntegrityCounts>>;
}

const wallNow = (): number => performance.timeOrigin + performance.now();

/**
 * A value worked out the first time it is asked for (awaited, or `get`), not when it is made: a frame's
 * verdict is hashed when the record (or the next frame's verdict, or the match's end) needs it, which in a
 * paused match is while the game makes the next frame, not while the agent's answer is on its way.
 */
class Lazy<T> implements PromiseLike<T> {
  private promise: Promise<T> | undefined;

  constructor(private work: (() => Promise<T>) | undefined) {}

  get(): Promise<T> {
    if (this.promise === undefined) {
      const work = this.work!;
      // Dropped once started: a verdict's work holds the frame before it, and that one's the frame before
      // it, so a kept closure would keep every frame of the match.
      this.work = undefined;
      this.promise = work();
    }
    return this.promise;
  }

  then<A = T, B = never>(onFulfilled?: ((value: T) => A | PromiseLike<A>) | null, onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null): Promise<A | B> {
    return this.get().then(onFulfilled, onRejected);
  }
}

type Judged = { seen: SeenFrame | undefined; integrity: FrameIntegrity };

export class FrameIntegrityCheck {
  private inputsSent = 0;
  private readonly previous = new Map<number, PromiseLike<SeenFrame | undefined>>();
  private readonly inputsAt = new Map<number, number>();
  private readonly totals = new IntegrityTally();
  private readonly perSlot = new Map<number, IntegrityTally>();
  // Each slot's frame last hashed, with its hash: under the `retry` and `fail` policies a frame is judged and then
  // checked, and its hash (most of the check's cost) is taken once.
  private readonly lastHashed = new Map<number, { frame: Frame; hash: Promise<Uint8Array> }>();
  /** Verdicts asked for by `check` and not yet worked out (`settle` works them out). */
  private readonly unsettled = new Set<Lazy<FrameIntegrity>>();

  /** `hash`: the block hash of a frame (the bench sets the slow decode to compare). */
  constructor(
    readonly thresholds: IntegrityThresholds = DEFAULT_THRESHOLDS,
    private readonly hash: (frame: Frame) => Promise<Uint8Array> = blockHash,
  ) {}

  /** Counts input events sent to the game (any slot): a frame after them should differ from the one before. */
  noteInputs(count: number): void {
    this.inputsSent += count;
  }

  /** Judges a frame against the slot's previous one without keeping it (the `retry` policy asks before it commits). */
  judge(slot: number, frame: Frame, nowSimMs: number): Promise<FrameIntegrity> {
    return this.judged(slot, frame, nowSimMs)
      .get()
      .then((j) => j.integrity);
  }

  /** The verdict of `frame`, worked out when asked for; what it reads of the moment (game time, inputs sent since, the frame's wall age) is taken now. */
  private judged(slot: number, frame: Frame, nowSimMs: number): Lazy<Judged> {
    const since = { nowSimMs, inputsSent: this.inputsSent - (this.inputsAt.get(slot) ?? 0), ...(frame.sentAt === undefined ? {} : { wallAgeMs: Math.max(0, wallNow() - frame.sentAt) }) };
    const before = this.previous.get(slot);
    return new Lazy(async (): Promise<Judged> => {
      const previous = await before;
      let hash: Uint8Array;
      try {
        hash = await this.hashOf(slot, frame);
      } catch (err) {
        return { seen: previous, integrity: { verdict: 'truncated', ageMs: Math.max(0, nowSimMs - frame.simMs), detail: `does not decode: ${err instanceof Error ? err.message : String(err)}` } satisfies FrameIntegrity };
      }
      const seen: SeenFrame = { seq: frame.seq, simMs: frame.simMs, encoding: frame.encoding, width: frame.width, height: frame.height, data: frame.data, hash };
      return { seen, integrity: assessFrame(previous, seen, since, this.thresholds) };
    });
  }

  private hashOf(slot: number, frame: Frame): Promise<Uint8Array> {
    const last = this.lastHashed.get(slot);
    if (last?.frame === frame) return last.hash;
    const hash = this.hash(frame);
    this.lastHashed.set(slot, { frame, hash });
    return hash;
  }

  /**
   * Judges the frame a slot observes at game time `nowSimMs` against that slot's previous one, keeps it as the
   * slot's previous frame and counts its verdict, all once the verdict is asked for (awaited, or `settle`), so
   * the observation goes out first. Never rejects: a frame that cannot be hashed (it does not decode) is `truncated`.
   */
  check(slot: number, frame: Frame, nowSimMs: number, retried = 0): PromiseLike<FrameIntegrity> {
    const judged = this.judged(slot, frame, nowSimMs);
    this.inputsAt.set(slot, this.inputsSent);
    this.previous.set(slot, new Lazy(async () => (await judged).seen));
    const verdict = new Lazy(async (): Promise<FrameIntegrity> => {
      this.unsettled.delete(verdict);
      const { integrity } = await judged;
      const withRetries = retried > 0 ? { ...integrity, retried } : integrity;
      this.totals.add(withRetries.verdict, retried);
      let tally = this.perSlot.get(slot);
      if (!tally) this.perSlot.set(slot, (tally = new IntegrityTally()));
      tally.add(withRetries.verdict, retried);
      return withRetries;
    });
    this.unsettled.add(verdict);
    return verdict;
  }

  /** Works out every verdict not yet asked for (a decision the record dropped), so the counts are whole. */
  async settle(): Promise<void> {
    while (this.unsettled.size > 0) await Promise.all([...this.unsettled].map((v) => v.get()));
  }

  /** The run's counts so far. */
  summary(): IntegritySummary {
    return { thresholds: this.thresholds, totals: this.totals.counts, slots: Object.fromEntries([...this.perSlot].map(([s, t]) => [String(s), t.counts])) };
  }
}
