/**
 * The per-match frame check: remembers each slot's previous frame and how many inputs were sent since,
 * judges every observation's frame (`assessFrame`) off the decision's path, and tallies the verdicts.
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
 * Runs `work` on the event loop's next turn: what a verdict needs from the moment of the observation (its
 * game time, the inputs sent, the frame's wall age) is taken when it is asked for, and only the hashing
 * waits, so an observation goes out before its frame is hashed and the verdict is the same.
 */
function nextTurn<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    setImmediate(() => void work().then(resolve, reject));
  });
}

export class FrameIntegrityCheck {
  private inputsSent = 0;
  private readonly previous = new Map<number, Promise<SeenFrame | undefined>>();
  private readonly inputsAt = new Map<number, number>();
  private readonly totals = new IntegrityTally();
  private readonly perSlot = new Map<number, IntegrityTally>();
  // Each slot's frame last hashed, with its hash: under the `retry` and `fail` policies a frame is judged and then
  // checked, and its hash (most of the check's cost) is taken once.
  private readonly lastHashed = new Map<number, { frame: Frame; hash: Promise<Uint8Array> }>();

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
    return this.judged(slot, frame, nowSimMs).then((j) => j.integrity);
  }

  private judged(slot: number, frame: Frame, nowSimMs: number): Promise<{ seen: SeenFrame | undefined; integrity: FrameIntegrity }> {
    const since = { nowSimMs, inputsSent: this.inputsSent - (this.inputsAt.get(slot) ?? 0), ...(frame.sentAt === undefined ? {} : { wallAgeMs: Math.max(0, wallNow() - frame.sentAt) }) };
    const before = this.previous.get(slot) ?? Promise.resolve(undefined);
    return before.then(async (previous) => {
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
    const hash = nextTurn(() => this.hash(frame));
    this.lastHashed.set(slot, { frame, hash });
    return hash;
  }

  /**
   * Judges the frame a slot observes at game time `nowSimMs` against that slot's previous one, keeps it as the
   * slot's previous frame and counts its verdict. Never rejects: a frame that cannot be hashed (it does not
   * decode) is `truncated`.
   */
  check(slot: number, frame: Frame, nowSimMs: number, retried = 0): Promise<FrameIntegrity> {
    const judged = this.judged(slot, frame, nowSimMs);
    this.inputsAt.set(slot, this.inputsSent);
    this.previous.set(
      slot,
      judged.then((j) => j.seen),
    );
    return judged.then(({ integrity }) => {
      const withRetries = retried > 0 ? { ...integrity, retried } : integrity;
      this.totals.add(withRetries.verdict, retried);
      let tally = this.perSlot.get(slot);
      if (!tally) this.perSlot.set(slot, (tally = new IntegrityTally()));
      tally.add(withRetries.verdict, retried);
      return withRetries;
    });
  }

  /** The run's counts so far. */
  summary(): IntegritySummary {
    return { thresholds: this.thresholds, totals: this.totals.counts, slots: Object.fromEntries([...this.perSlot].map(([s, t]) => [String(s), t.counts])) };
  }
}
