/**
 * The state of one match while it runs: the game endpoint, each slot's agent and counters, the newest
 * frame and progress per slot, and the run record. The clock loops (paused and realtime) drive it.
 */
import { join } from 'node:path';
import type { GameEntry } from '../../games-manifest/index.js';
import type { GameEndpoint, StepReply } from '../../env-bridge/index.js';
import { ArenaError, ErrorCode, STALE_VERDICTS, type FrameIntegrity, type DecidedNote, type DecisionTimings, type EpisodeEnd, type Frame, type FrameEncoding, type GameEvent, type InputEvent, type JpegProfile, type Observation, type PlayerProgress, type Progress, type State, type Tracked } from '../../protocol/index.js';
import { DEFAULT_RULES, type ChunkRules } from './profile-rules.js';
import { LatencyCharger, describeLatencySource } from '../clock/latency.js';
import { FairCharge, describeFairness } from '../clock/fairness.js';
import type { RunRecorder } from '../records/run-recorder.js';
import type { DecisionOutcome } from './decide.js';
import { FrameCache } from './frame-cache.js';
import { frameDigestOffThread } from '../records/frame-digest.js';
import { writeRawFrame } from '../records/frame-files.js';
import { FrameIntegrityCheck } from '../frame-integrity/integrity-check.js';
import { STALE_RETRY } from '../frame-integrity/stale-policy.js';
import { trackedLines } from '../records/state-lines.js';
import { BenchmarkScorer } from '../records/run-score.js';
import { notify, type ObservedLedger } from './match-observer.js';
import type { MatchSlot, MatchSpec } from './match-spec.js';

export interface SlotState {
  readonly spec: MatchSlot;
  /** The slot's name in the record (`slotLabel`). */
  readonly label: string;
  readonly charger: LatencyCharger;
  decisions: number;
  invalid: number;
  failed: number;
  /** The agent left (disconnected or threw) and its slot plays nothing more. */
  gone: boolean;
  feedback: string | undefined;
  frame: Frame | undefined;
  /** The last system prompt recorded for this slot's agent. */
  systemPrompt: string | undefined;
  /** Frames the game dropped for this slot because the gateway was behind (gaps in the frames' `seq`). */
  gameFramesDropped: number;
  /** The error of the slot's newest failed decision (what a `failed` episode's record names). */
  lastFailure?: ArenaError | undefined;
  /** The frame of the newest observation, as the game sent it (its digest goes into the decision's record). */
  observed?: Frame | undefined;
  /** The newest observation's frame integrity, judged once the record asks for it (after the agent decided). */
  integrity?: PromiseLike<FrameIntegrity> | undefined;
  /** The newest observation's frame digest (`frameDigest`), hashed on the thread pool while the agent decides. */
  digest?: Promise<string> | undefined;
  /** How the slot's previous decision was settled, told to its agent with the next observation. */
  decided?: { -readonly [K in keyof DecidedNote]: DecidedNote[K] } | undefined;
  /** The verdict on the previous decision's frame, joined to `decided` at the next observation. */
  decidedIntegrity?: PromiseLike<FrameIntegrity> | undefined;
}

/** A decision ready to run: its step, compiled inputs, game time and the latency charged for it. */
export interface SettledDecision {
  readonly step: number;
  /** The latency was charged to the game (lcrt). */
  readonly charged: boolean;
  readonly chargedMs: number;
  /** Under a fairness arm that changes the charge (matched, handicap): the latency measured from the slot's source. */
  readonly measuredMs?: number;
  readonly chargeNote?: string;
  readonly durationMs: number;
  readonly inputs: readonly InputEvent[];
  /** What the chunk asked for and the game cannot take, recorded instead of sent (the benchmark profile's non-finite moves). */
  readonly unsent?: readonly { readonly at: number; readonly what: string; readonly why: string }[];
}

/** A slot's name in the record: the configured label, else the name a remote agent's hello gave, else the agent's kind. */
export function slotLabel(s: MatchSlot): string {
  return s.label ?? s.agent.joined?.name ?? s.agent.kind;
}

/**
 * A failed decision's timings: its wall time, and as for any decision the attempts made again (`retries`,
 * attempts minus one) and the time from the first attempt to the start of the last (`retryMs`), when the
 * agent said how many attempts it made. None of it is charged.
 */
export function failedTimings(error: ArenaError, wallMs: number): DecisionTimings {
  const attempts = error.details?.['attempts'];
  const retryMs = error.details?.['retryMs'];
  if (typeof attempts !== 'number') return { wallMs };
  return { wallMs, retries: Math.max(0, attempts - 1), retryMs: typeof retryMs === 'number' ? Math.min(retryMs, wallMs) : 0 };
}

export class MatchSession {
  readonly slots = new Map<number, SlotState>();
  readonly frames: FrameCache;
  /** The clock ledger: written to ledger.jsonl and shown to the match's observer. */
  readonly ledger: ObservedLedger;
  /** Judges every observation's frame (fresh, still, duplicate, late...) and counts the verdicts for run.json. */
  readonly integrity = new FrameIntegrityCheck();
  /** What the match's fairness arm charges (matched, handicap); the plain clocks charge what they measure. */
  readonly fair: FairCharge;
  progress = new Map<number, PlayerProgress>();
  state: Record<string, unknown> | undefined;
  /** The reference game's tracked task-relevant state as last reported (state.jsonl); never shown to agents. */
  tracked: Tracked['tracked'] | undefined;
  simMs = 0;
  /** Under the omnigamearena profile: each player's benchmark score so far, shown to the observer with each progress report. */
  private readonly benchmark: BenchmarkScorer | undefined;
  /** Under the omnigamearena profile: each slot's benchmark score after the newest progress report (told to remote agents with each observation). */
  private readonly benchmarkScores = new Map<number, number>();
  ended: { reason: string; outcomes: Map<number, 'win' | 'draw' | 'loss' | 'none'> } | undefined;

  constructor(
    readonly spec: MatchSpec,
    readonly entry: GameEntry,
    readonly endpoint: GameEndpoint,
    readonly recorder: RunRecorder,
    readonly limits: { stepBudget: number; timeLimitMs: number; observationDelayMs: number; decisionTimeoutMs: number },
    gameJpegQuality?: number,
    /** How answers are read and chunks timed (the match's profile). */
    readonly rules: ChunkRules = DEFAULT_RULES,
  ) {
    this.frames = new FrameCache(spec.jpegQuality ?? 85, gameJpegQuality);
    this.ledger = {
      append: (entry) => {
        recorder.files.ledger.append(entry);
        notify(spec.observer, 'onLedger', entry);
      },
    };
    this.benchmark = rules.profile === 'omnigamearena' ? BenchmarkScorer.of(entry.id, spec.slots.map((s) => s.slot)) : undefined;
    this.fair = new FairCharge(spec.fairness, new Map(spec.slots.flatMap((s) => (s.handicap ? [[s.slot, s.handicap] as const] : []))));
    for (const s of spec.slots) {
      const latency = s.latency ?? { kind: 'wall' };
      this.slots.set(s.slot, { spec: s, label: slotLabel(s), charger: new LatencyCharger(latency, s.slot), decisions: 0, invalid: 0, failed: 0, gone: false, feedback: undefined, frame: undefined, systemPrompt: undefined, gameFramesDropped: 0 });
    }
  }

  /** The game's reason for ending, once it has ended. */
  endReason(): string | undefined {
    return this.ended?.reason;
  }

  /** Takes in everything a game reply carried: frames, events, progress, state and the episode's end. */
  absorb(reply: StepReply): void {
    for (const msg of [...reply.events, ...reply.tracked, ...reply.frames, reply.progress, reply.state, reply.end]) if (msg) this.absorbMessage(msg);
    this.simMs = reply.done.simMs;
  }

  /** Takes in one message from the game, in a reply or from a running game's stream. */
  absorbMessage(msg: Frame | GameEvent | Progress | State | Tracked | EpisodeEnd): void {
    this.simMs = Math.max(this.simMs, msg.simMs);
    switch (msg.type) {
      case 'frame': {
        const slot = this.slots.get(msg.slot);
        if (slot) {
          if (slot.frame && msg.seq > slot.frame.seq + 1) slot.gameFramesDropped += msg.seq - slot.frame.seq - 1;
          slot.frame = msg;
        }
        notify(this.spec.observer, 'onFrame', msg);
        break;
      }
      case 'event': {
        this.recorder.files.events.append(msg);
        // A turn-based game refusing a move tells the player why, like an invalid answer does (an empty move was one).
        const refused = msg.name === 'invalid_move' && msg.slot !== undefined && msg.data?.move !== '' ? this.slots.get(msg.slot) : undefined;
        if (refused && this.spec.feedback !== false) refused.feedback = `The game refused your move ${String(msg.data?.move ?? '')} (${String(msg.data?.reason ?? '')}: ${String(msg.data?.detail ?? '')}); invalid moves so far: ${String(msg.data?.count ?? '')}.`;
        notify(this.spec.observer, 'onEvent', msg);
        break;
      }
      case 'progress': {
        for (const p of msg.players) this.progress.set(p.slot, p);
        this.recorder.files.progress.append({ simMs: msg.simMs, players: msg.players });
        const benchmark = this.benchmark?.add(msg.players);
        for (const b of benchmark ?? []) this.benchmarkScores.set(b.slot, b.score);
        notify(this.spec.observer, 'onProgress', { simMs: msg.simMs, players: msg.players, ...(benchmark ? { benchmark } : {}) });
        break;
      }
      case 'state':
        this.state = msg.state;
        break;
      case 'tracked':
        this.absorbTracked(msg);
        break;
      case 'episode_end':
        this.ended = { reason: msg.reason, outcomes: new Map(msg.outcomes.map((o) => [o.slot, o.result])) };
        this.recorder.files.events.append(msg);
        notify(this.spec.observer, 'onEvent', msg);
        break;
    }
  }

  /** Writes a tracked-state report to state.jsonl (its critical events, then the state when it changed) and shows it to the observer. */
  private absorbTracked(msg: Tracked): void {
    for (const line of trackedLines(msg, this.tracked)) this.recorder.appendState(line);
    this.tracked = msg.tracked;
    notify(this.spec.observer, 'onState', { simMs: msg.simMs, tracked: msg.tracked, events: msg.events });
  }

  /** The encoding and JPEG profile a slot's agent gets its frames in. */
  private profileOf(slot: SlotState): { encoding: FrameEncoding; jpeg: JpegProfile | undefined } {
    const agent = slot.spec.agent;
    return { encoding: agent.frameEncoding, jpeg: agent.frameEncoding === 'jpeg' ? agent.jpeg : undefined };
  }

  /** The observation for one slot: its own newest frame, encoded as its agent wants, and nothing else's. */
  async observe(slotId: number): Promise<Observation> {
    const slot = this.slots.get(slotId)!;
    let frame = slot.frame;
    if (!frame) throw new Error(`no frame for slot ${slotId}`);
    // The previous frame's verdict (that observation is long with its agent) joins the note of how its decision
    // was settled, always: an agent reads the same note for the same play, however fast the record ran.
    if (slot.decided && slot.decidedIntegrity) {
      const previous = await slot.decidedIntegrity;
      slot.decided.integrity = previous.verdict;
      slot.decidedIntegrity = undefined;
    }
    const { encoding, jpeg } = this.profileOf(slot);
    const { frame: checked, retried } = await this.freshFrame(slotId, frame);
    frame = checked;
    slot.observed = frame;
    slot.integrity = this.integrity.check(slotId, frame, this.simMs, retried);
    slot.digest = undefined;
    const image = await this.frames.get(frame, encoding, jpeg);
    return {
      slot: slotId,
      step: slot.decisions,
      simMs: frame.simMs,
      frame: { seq: frame.seq, width: image.width, height: image.height, encoding: image.encoding, data: image.data },
      progress: this.progress.get(slotId)?.progress ?? 0,
      ...(slot.feedback === undefined ? {} : { feedback: slot.feedback }),
      ...(slot.spec.agent.privileged && this.state ? { state: this.state } : {}),
      ...(slot.decided === undefined ? {} : { decided: { ...slot.decided } }),
      ...(this.benchmarkScores.has(slotId) ? { benchmarkScore: this.benchmarkScores.get(slotId)! } : {}),
    };
  }

  /**
   * The slot's agent has its observation (the loops call this once the decide call has sent it): only now
   * does the record's work on the frame start. Its digest copies the frame and hashes the copy on the thread
   * pool, on the next turn of the event loop (after a corked send has gone out), so the record's job holds no
   * hash work; the frame's integrity verdict is worked out when the record asks for it.
   */
  handedOver(slotId: number): void {
    const slot = this.slots.get(slotId)!;
    const frame = slot.observed;
    if (!frame || slot.digest !== undefined) return;
    slot.digest = new Promise<string>((resolve, reject) => {
      setImmediate(() => void frameDigestOffThread(frame).then(resolve, reject));
    });
    slot.digest.catch(() => undefined);
  }

  /**
   * Under the `retry` and `fail` frame policies, judges a slot's frame before its agent sees it: a stale one
   * is asked for again after a short wait (a paused game renders it anew; a running one streams a newer
   * one), at most `STALE_RETRY.attempts` times, or ends the episode with STALE_FRAME. `flag` asks nothing.
   */
  private async freshFrame(slotId: number, first: Frame): Promise<{ frame: Frame; retried: number }> {
    const policy = this.spec.staleFrames ?? 'flag';
    if (policy === 'flag') return { frame: first, retried: 0 };
    let frame = first;
    for (let retried = 0; ; retried++) {
      const verdict = await this.integrity.judge(slotId, frame, this.simMs);
      if (!STALE_VERDICTS.has(verdict.verdict)) return { frame, retried };
      if (policy === 'fail') throw new ArenaError(ErrorCode.STALE_FRAME, `slot ${slotId}'s frame ${frame.seq} at ${frame.simMs} ms is ${verdict.verdict}; the stale-frame policy is fail`, { details: { ...verdict } });
      if (retried >= STALE_RETRY.attempts) return { frame, retried };
      // Wall time only: the game is paused (pdq, lcrt) or runs on regardless (realtime); nobody is charged.
      await new Promise((resolve) => setTimeout(resolve, STALE_RETRY.waitMs));
      if ((this.spec.clock ?? 'pdq') !== 'realtime') this.absorb(await this.endpoint.client.observe([slotId]));
      frame = this.slots.get(slotId)?.frame ?? frame;
    }
  }

  /**
   * Settles a decision before it runs: counts it (invalid answers and failed calls become no-ops), sets the
   * feedback for the slot's next observation, compiles its chunk and charges its latency (when `charged`).
   */
  settle(slotId: number, outcome: DecisionOutcome, charged: boolean): SettledDecision {
    const slot = this.slots.get(slotId)!;
    const step = slot.decisions++;
    const compiled = this.rules.compile(outcome.chunk, this.entry.controls, slotId);
    // A failed decision's wall time is all failed attempts and backoffs, which are never charged: only a
    // source that does not measure the call (synthetic) charges anything for it.
    const charge = !charged ? { ms: 0 } : outcome.status === 'failed' ? slot.charger.chargeFailed() : slot.charger.charge(outcome.decision.timings);
    this.integrity.noteInputs(compiled.inputs.length);
    const chargedMs = this.fair.adjusts ? this.fair.decision(slotId, charge.ms) : charge.ms;
    if (outcome.status === 'invalid') {
      slot.invalid++;
      slot.feedback = this.spec.feedback === false ? undefined : `Your previous answer was not a valid action (${outcome.reason}: ${outcome.detail}); it was replaced by doing nothing.`;
    } else {
      if (outcome.status === 'failed') {
        slot.failed++;
        slot.lastFailure = outcome.error;
      }
      slot.feedback = undefined;
    }
    return { step, charged, chargedMs, ...(this.fair.adjusts ? { measuredMs: charge.ms } : {}), ...(charge.note === undefined ? {} : { chargeNote: charge.note }), durationMs: compiled.durationMs, inputs: compiled.inputs, ...(compiled.unsent?.length ? { unsent: compiled.unsent } : {}) };
  }

  /** Settles a decision, records it, and returns what runs: its inputs, duration and charged latency. */
  async decided(slotId: number, observation: Observation, outcome: DecisionOutcome, charged: boolean): Promise<SettledDecision> {
    const settled = this.settle(slotId, outcome, charged);
    await this.recordDecision(slotId, observation, outcome, settled);
    return settled;
  }

  /**
   * Records one settled decision with the frame its agent saw, as exact bytes and never encoded again: the
   * very JPEG or PNG its agent got, the game's own encoded frame, or a raw frame's pixels (a PPM now, a
   * lossless PNG once the match closes: frame-files.ts). Everything the record needs is taken now; the
   * writing goes to the recorder's queue, which under a paused clock makes the match wait while it is full
   * (nothing is ever dropped) and under realtime keeps the frame until its turn.
   */
  async recordDecision(slotId: number, observation: Observation, outcome: DecisionOutcome, settled: SettledDecision): Promise<void> {
    const slot = this.slots.get(slotId)!;
    const { step } = settled;
    const name = `${String(step).padStart(4, '0')}-s${slotId}`;
    const decision = outcome.status === 'failed' ? undefined : outcome.decision;
    const answer = decision?.kind === 'answer' ? decision : undefined;
    const decided: NonNullable<SlotState['decided']> = { step, status: outcome.status, chargedMs: settled.chargedMs };
    slot.decided = decided;
    const sent = answer?.sentImage;
    const queue = this.recorder.queue;
    this.spec.onEvent?.({ type: 'decision', slot: slotId, step, simMs: observation.simMs, valid: outcome.status === 'valid', progress: observation.progress });
    // What the model saw is kept reconstructable: its system prompt (when it changes) and the image it got,
    // which is the recorded frame itself unless the agent made another.
    const systemPrompt = answer?.systemPrompt !== undefined && answer.systemPrompt !== slot.systemPrompt ? answer.systemPrompt : undefined;
    if (answer?.systemPrompt !== undefined) slot.systemPrompt = answer.systemPrompt;
    // The job keeps what it records of the observed frame (its digest, its verdict, its bytes).
    const observed = slot.observed?.seq === observation.frame.seq ? slot.observed : undefined;
    if (observed) this.handedOver(slotId);
    const digest = observed ? slot.digest : undefined;
    const integrityCheck = observed ? slot.integrity : undefined;
    slot.decidedIntegrity = integrityCheck;
    const shot = observed ?? slot.frame;
    const file = shot ? this.recordedFrame(slot, shot, name) : undefined;
    const tracked = this.tracked;
    await queue.reserve(file !== undefined, (this.spec.clock ?? 'pdq') === 'realtime' ? 'keep' : 'wait');
    this.recorder.noteInFlight({ slot: slotId, step, ...(file ? { frame: file.rel } : {}) });
    const timings = outcome.status === 'failed' ? failedTimings(outcome.error, outcome.wallMs) : outcome.decision.timings;
    const latencySource = settled.charged ? describeLatencySource(slot.charger.source) : 'none';
    queue.push({ slot: slotId, step, ...(file ? { frame: file.rel } : {}) }, file !== undefined, async () => {
      let frameRef: string | undefined;
      let recorded: Uint8Array | undefined;
      if (file) {
        recorded = await file.write();
        frameRef = file.rel;
      }
      const sentFile = sent && frameRef !== undefined && recorded !== undefined && Buffer.from(recorded.buffer, recorded.byteOffset, recorded.byteLength).equals(sent.data) ? frameRef : undefined;
      const sentImage = sent ? { file: sentFile ?? (await this.recorder.writeFrame(`${name}.sent.jpg`, sent.data)), sha256: sent.sha256, width: sent.width, height: sent.height } : undefined;
      const integrity = await integrityCheck;
      const observedDigest = await digest;
      const record = {
        slot: slotId,
        agent: slot.label,
        step,
        observedAtMs: observation.simMs,
        frame: frameRef,
        frameSeq: observation.frame.seq,
        ...(observedDigest === undefined ? {} : { frameDigest: observedDigest }),
        status: outcome.status,
        ...(outcome.status === 'invalid' ? { invalidReason: outcome.reason, invalidDetail: outcome.detail } : {}),
        ...(outcome.status === 'failed' ? { error: { code: outcome.error.code, message: outcome.error.message } } : {}),
        answer: answer?.answer,
        reasoning: decision?.reasoning,
        finishReason: answer?.finishReason,
        promptDigest: answer?.promptDigest,
        systemPrompt,
        sentImage,
        usage: decision?.usage,
        note: decision?.kind === 'chunk' ? decision.note : undefined,
        chunk: outcome.chunk,
        inputs: settled.inputs,
        ...(settled.unsent ? { unsent: settled.unsent } : {}),
        timings: { ...timings, gatewayWallMs: outcome.wallMs },
        latencySource,
        chargedMs: settled.chargedMs,
        ...(settled.measuredMs === undefined || this.spec.fairness === undefined ? {} : { measuredMs: settled.measuredMs, fairness: describeFairness(this.spec.fairness) }),
        chargeNote: settled.chargeNote,
        ...(integrity ? { integrity } : {}),
      };
      this.recorder.files.decisions.append(record);
      if (tracked) this.recorder.writeState({ kind: 'step', simMs: observation.simMs, slot: slotId, step, tracked });
      notify(this.spec.observer, 'onDecision', record);
    });
  }

  /**
   * What the record keeps of a frame and where: the slot agent's own image when it took one (a JPEG or PNG,
   * from the cache, shared with the agent), the game's bytes when the game sent an image, else the raw
   * pixels. `write` stores it and resolves to the bytes recorded when they are an image.
   */
  private recordedFrame(slot: SlotState, frame: Frame, name: string): { rel: string; write: () => Promise<Uint8Array | undefined> } {
    const profile = this.profileOf(slot);
    if (profile.encoding !== 'rgb' || frame.encoding !== 'rgb') {
      const encoding = profile.encoding === 'rgb' ? frame.encoding : profile.encoding;
      const image = this.frames.get(frame, encoding, profile.jpeg);
      image.catch(() => undefined);
      const rel = join('frames', `${name}.${encoding === 'png' ? 'png' : 'jpg'}`);
      return {
        rel,
        write: async () => {
          const { data } = await image;
          await this.recorder.writeFrame(rel.slice('frames/'.length), data);
          return data;
        },
      };
    }
    const rel = join('frames', `${name}.png`);
    return {
      rel,
      write: async () => {
        await writeRawFrame(this.recorder.dir, rel, frame.width, frame.height, frame.data);
        return undefined;
      },
    };
  }
}

