/**
 * The two history policies of a watcher. `native`: frames are appended to one growing conversation as they
 * arrive, with the watcher's questions and its own replies kept in it (state kept), the oldest images dropped
 * past a declared cap. `window:S`: at query time a fresh request is built from the frames of the last S
 * seconds before the query, (q - S, q], and nothing else. Both admit only frames at or before the query time.
 * Each request reports what it submitted: images, images sent before (replayed), earlier turns replayed,
 * frames dropped (by the cap, or outside the window).
 */
import type { ChatMessage, ContentPart } from '../../agents/index.js';

/** One sampled frame of the stream: its sample time, the game time of the frame shown, and its image URL. */
export interface SampledFrame {
  /** The sample tick, ms of game time (k / fps). */
  readonly atMs: number;
  /** The game time of the frame shown at that tick (the newest frame at or before it), ms. */
  readonly sourceMs: number;
  /** `data:image/jpeg;base64,...`: one encode per game frame, shared by every request that sends it. */
  readonly dataUrl: string;
}

/** The declared history policy. */
export type HistoryPolicy = { readonly kind: 'native'; readonly capFrames: number } | { readonly kind: 'window'; readonly seconds: number };

/** What one request carried. */
export interface RequestHistory {
  readonly images: number;
  /** Images in this request that an earlier request had already sent. */
  readonly imagesReplayed: number;
  /** Earlier user and assistant turns sent again. */
  readonly turnsReplayed: number;
  /** Frames sampled by the query time but not sent: dropped by the native cap, or outside the window. */
  readonly framesDropped: number;
  /** Sample times of the images sent, ms, in order. */
  readonly frameTimes: readonly number[];
}

/** A built request: the messages and what they hold. */
export interface HistoryRequest {
  readonly messages: ChatMessage[];
  readonly history: RequestHistory;
}

/** A history policy's state: frames go in as they are sampled; requests come out at query times. */
export interface WatchHistory {
  readonly policy: HistoryPolicy;
  /** Takes a sampled frame (sample times only grow). */
  append(frame: SampledFrame): void;
  /** The request for a query at game time `atMs` with the user text `text`. */
  request(text: string, atMs: number): HistoryRequest;
  /** The reply to the last request (kept in a native conversation). */
  answered(text: string): void;
}

/** Reads `native`, `native:CAP` or `window:SECONDS`; undefined when it is neither. */
export function parseHistoryPolicy(text: string, defaultCap: number): HistoryPolicy | undefined {
  if (text === 'native') return { kind: 'native', capFrames: defaultCap };
  const native = /^native:(\d+)$/.exec(text);
  if (native && Number(native[1]) >= 1) return { kind: 'native', capFrames: Number(native[1]) };
  const window = /^window:(\d+(?:\.\d+)?)$/.exec(text);
  if (window && Number(window[1]) > 0) return { kind: 'window', seconds: Number(window[1]) };
  return undefined;
}

/** The label and image of one frame in a request. */
function frameParts(frame: SampledFrame): ContentPart[] {
  return [
    { type: 'text', text: `[frame t=${(frame.atMs / 1000).toFixed(1)} s]` },
    { type: 'image_url', image_url: { url: frame.dataUrl } },
  ];
}

/** Counts, per request, images an earlier request already sent (by sample time). */
class SentFrames {
  private readonly sent = new Set<number>();
  mark(times: readonly number[]): number {
    let replayed = 0;
    for (const t of times) {
      if (this.sent.has(t)) replayed++;
      else this.sent.add(t);
    }
    return replayed;
  }
}

/** `native`: one growing conversation, the oldest images dropped past the cap. */
export class NativeHistory implements WatchHistory {
  private readonly turns: { role: 'user' | 'assistant'; frames: SampledFrame[]; text: string }[] = [];
  private pending: SampledFrame[] = [];
  private dropped = 0;
  private readonly sentFrames = new SentFrames();

  constructor(readonly policy: HistoryPolicy & { kind: 'native' }, private readonly system: string) {}

  append(frame: SampledFrame): void {
    this.pending.push(frame);
    this.enforceCap();
  }

  private kept(): number {
    return this.turns.reduce((n, t) => n + t.frames.length, 0) + this.pending.length;
  }

  private enforceCap(): void {
    while (this.kept() > this.policy.capFrames) {
      const turn = this.turns.find((t) => t.frames.length > 0);
      if (turn) turn.frames.shift();
      else this.pending.shift();
      this.dropped++;
    }
  }

  request(text: string, atMs: number): HistoryRequest {
    const now = this.pending.filter((f) => f.atMs <= atMs);
    this.pending = this.pending.filter((f) => f.atMs > atMs);
    const turnsReplayed = this.turns.length;
    this.turns.push({ role: 'user', frames: now, text });
    const messages: ChatMessage[] = [
      { role: 'system', content: this.system },
      ...this.turns.map((t): ChatMessage => (t.role === 'assistant' ? { role: 'assistant', content: t.text } : { role: 'user', content: [...t.frames.flatMap(frameParts), { type: 'text', text: t.text }] })),
    ];
    const frameTimes = this.turns.flatMap((t) => t.frames.map((f) => f.atMs));
    return { messages, history: { images: frameTimes.length, imagesReplayed: this.sentFrames.mark(frameTimes), turnsReplayed, framesDropped: this.dropped, frameTimes } };
  }

  answered(text: string): void {
    this.turns.push({ role: 'assistant', frames: [], text });
  }
}

/** `window:S`: a fresh request of the frames in (q - S, q]. */
export class WindowHistory implements WatchHistory {
  private readonly frames: SampledFrame[] = [];
  private readonly sentFrames = new SentFrames();

  constructor(readonly policy: HistoryPolicy & { kind: 'window' }, private readonly system: string) {}

  append(frame: SampledFrame): void {
    this.frames.push(frame);
  }

  request(text: string, atMs: number): HistoryRequest {
    const from = atMs - this.policy.seconds * 1000;
    const legal = this.frames.filter((f) => f.atMs <= atMs);
    const inWindow = legal.filter((f) => f.atMs > from);
    // Frames before the window are never needed again.
    const firstKept = this.frames.findIndex((f) => f.atMs > from);
    const old = firstKept < 0 ? legal.length : firstKept;
    const frameTimes = inWindow.map((f) => f.atMs);
    const messages: ChatMessage[] = [
      { role: 'system', content: this.system },
      { role: 'user', content: [...inWindow.flatMap(frameParts), { type: 'text', text }] },
    ];
    const history = { images: inWindow.length, imagesReplayed: this.sentFrames.mark(frameTimes), turnsReplayed: 0, framesDropped: old + this.forgotten, frameTimes };
    this.forgotten += old;
    this.frames.splice(0, old);
    return { messages, history };
  }

  private forgotten = 0;

  answered(): void {
    // A window request keeps nothing of its answer.
  }
}

/** A fresh history for a policy. */
export function createHistory(policy: HistoryPolicy, system: string): WatchHistory {
  return policy.kind === 'native' ? new NativeHistory(policy, system) : new WindowHistory(policy, system);
}
