/**
 * The spectators of one match. The match shows the hub each frame, decision, ledger entry, event and progress
 * report (it is the match's observer); the hub encodes each frame once per profile in use, at that profile's
 * rate, and sends it to every spectator of the profile. A spectator whose socket is backed up gets the newest
 * frame when it drains, never a queue: its pending frame per view is replaced, and text messages it cannot take
 * are dropped and counted (a `gap` message tells it how many; the run's files have them all). The hub keeps the
 * match's history (its decisions, ledger entries and progress reports) and hands it to each new spectator first,
 * in one `history` message: all of it up to a cap per kind, past which the older part is thinned evenly
 * (ThinnedLog: the first and the newest entries exact), so a long match is held in bounded memory. Nothing here is awaited by the match.
 */
import sharp from 'sharp';
import type { WebSocket } from 'ws';
import type { Frame } from '../protocol/index.js';
import type { MatchObserver } from '../gateway/index.js';
import { ThinnedLog } from './thinned-log.js';
import { packFrame, profileKey, type FrameHeader, type SpectatorProfile } from './spectator-profile.js';

/** Bytes a spectator's socket may hold unsent before the hub holds back (frames wait, text is dropped). */
export const SPECTATOR_HIGH_WATER = 256 * 1024;

/** Most decisions, ledger entries and progress reports (each) the hub keeps of a match for spectators who join later. */
export const SPECTATOR_HISTORY_CAP = 2000;

interface Spectator {
  readonly ws: WebSocket;
  readonly key: string;
  /** The newest frame per view that could not be sent yet. */
  readonly pending: Map<number, Buffer>;
  dropped: number;
  sentFrames: number;
  skippedFrames: number;
  maxBuffered: number;
  /** Largest number of bytes held for it at once: unsent on its socket plus its pending frames. */
  maxHeld: number;
}

/** One player view at one profile: its rate limit, the encode in flight, and the last frame encoded. */
interface ViewState {
  /** When the last encode started (performance.now), ms. */
  lastMs: number;
  busy: boolean;
  /** The newest frame not encoded yet. */
  waiting: Frame | undefined;
  timer: NodeJS.Timeout | undefined;
  /** The last frame encoded and its message, handed as they are to spectators who join later. */
  last: { frame: Frame; message: Buffer } | undefined;
}

interface ProfileState {
  readonly profile: SpectatorProfile;
  readonly spectators: Set<Spectator>;
  /** Per view: when the last encode started (performance.now), whether one runs, and a newer frame waiting. */
  readonly views: Map<number, ViewState>;
  encodes: number;
}

/** Counters for tests, the bench and `GET /api/matches/:id/spectators`. */
export interface HubStats {
  readonly spectators: number;
  readonly framesIn: number;
  readonly encodes: Readonly<Record<string, number>>;
  readonly sentFrames: number;
  readonly skippedFrames: number;
  readonly droppedMessages: number;
  /** Largest unsent byte count any spectator's socket held. */
  readonly maxBuffered: number;
  /** Largest byte count held for any one spectator at once: its socket's unsent bytes plus its pending frames. */
  readonly maxHeldBytes: number;
}

/** The spectators of one match, fed as the match's observer. */
export class SpectatorHub implements MatchObserver {
  private readonly profiles = new Map<string, ProfileState>();
  private readonly latest = new Map<number, { frame: Frame; capturedAt: number }>();
  private readonly recent: string[] = [];
  /** The decisions, ledger entries and progress reports so far, in the order the match gave them (thinned past the cap). */
  private readonly history: Readonly<Record<'decisions' | 'ledger' | 'progress', ThinnedLog<Readonly<Record<string, unknown>>>>>;
  private framesIn = 0;
  private retired = { sentFrames: 0, skippedFrames: 0, dropped: 0, maxBuffered: 0, maxHeld: 0 };
  private flushTimer: NodeJS.Timeout | undefined;
  private closed = false;

  /**
   * @param backlog how many recent other text messages (events) a new spectator gets after the history.
   * @param historyCap most entries of each kind of history kept (default {@link SPECTATOR_HISTORY_CAP}).
   */
  constructor(
    private readonly backlog = 200,
    historyCap = SPECTATOR_HISTORY_CAP,
  ) {
    this.history = { decisions: new ThinnedLog(historyCap), ledger: new ThinnedLog(historyCap), progress: new ThinnedLog(historyCap) };
  }

  /** Adds a spectator socket at a profile; it gets the match's history, the recent events, then the newest frame of each view. */
  add(ws: WebSocket, profile: SpectatorProfile): void {
    const key = profileKey(profile);
    let state = this.profiles.get(key);
    if (!state) {
      state = { profile, spectators: new Set(), views: new Map(), encodes: 0 };
      this.profiles.set(key, state);
    }
    const s: Spectator = { ws, key, pending: new Map(), dropped: 0, sentFrames: 0, skippedFrames: 0, maxBuffered: 0, maxHeld: 0 };
    state.spectators.add(s);
    ws.on('close', () => this.remove(s));
    ws.on('error', () => undefined);
    // One message, sent while the socket is empty, so none of the history is dropped as backed up.
    const { decisions, ledger, progress } = this.history;
    const left = { decisions: decisions.left, ledger: ledger.left, progress: progress.left };
    this.sendText(s, JSON.stringify({ type: 'history', decisions: decisions.entries(), ledger: ledger.entries(), progress: progress.entries(), left }));
    for (const text of this.recent) this.sendText(s, text);
    for (const { frame } of this.latest.values()) {
      const last = state.views.get(frame.slot)?.last;
      // The newest frame already encoded at this profile is sent as it is: one encode per (frame, profile).
      if (last?.frame === frame) this.sendFrame(s, frame.slot, last.message);
      else this.offer(state, frame);
    }
  }

  /** Sends a text message to every spectator now and to spectators that join later (bounded backlog). */
  broadcast(message: Readonly<Record<string, unknown>>): void {
    const text = JSON.stringify(message);
    this.recent.push(text);
    if (this.recent.length > this.backlog) this.recent.shift();
    this.send(text);
  }

  private send(text: string): void {
    for (const state of this.profiles.values()) for (const s of state.spectators) this.sendText(s, text);
  }

  onFrame(frame: Frame): void {
    this.framesIn++;
    this.latest.set(frame.slot, { frame, capturedAt: Date.now() });
    for (const state of this.profiles.values()) if (state.spectators.size > 0) this.offer(state, frame);
  }

  onDecision(record: Readonly<Record<string, unknown>>): void {
    this.history.decisions.push(record);
    this.send(JSON.stringify({ type: 'decision', ...record }));
  }

  onLedger(entry: Readonly<Record<string, unknown>>): void {
    this.history.ledger.push(entry);
    this.send(JSON.stringify({ type: 'ledger', ...entry }));
  }

  onEvent(event: { readonly type: string }): void {
    this.broadcast({ ...event });
  }

  onProgress(report: Parameters<NonNullable<MatchObserver['onProgress']>>[0]): void {
    const progress = { simMs: report.simMs, players: report.players, ...(report.benchmark ? { benchmark: report.benchmark } : {}) };
    this.history.progress.push(progress);
    this.send(JSON.stringify({ type: 'progress', ...progress }));
  }

  stats(): HubStats {
    let spectators = 0;
    let { sentFrames, skippedFrames, dropped, maxBuffered, maxHeld } = this.retired;
    const encodes: Record<string, number> = {};
    for (const [key, state] of this.profiles) {
      encodes[key] = state.encodes;
      for (const s of state.spectators) {
        spectators++;
        sentFrames += s.sentFrames;
        skippedFrames += s.skippedFrames;
        dropped += s.dropped;
        maxBuffered = Math.max(maxBuffered, s.maxBuffered);
        maxHeld = Math.max(maxHeld, s.maxHeld);
      }
    }
    return { spectators, framesIn: this.framesIn, encodes, sentFrames, skippedFrames, droppedMessages: dropped, maxBuffered, maxHeldBytes: maxHeld };
  }

  /** Ends every stream with a last message (the job's end) and stops all timers. */
  close(last?: Readonly<Record<string, unknown>>): void {
    if (last) this.broadcast(last);
    this.closed = true;
    clearInterval(this.flushTimer);
    for (const state of this.profiles.values()) {
      for (const v of state.views.values()) clearTimeout(v.timer);
      for (const s of state.spectators) s.ws.close(1000, 'match over');
    }
  }

  private remove(s: Spectator): void {
    const state = this.profiles.get(s.key);
    if (!state?.spectators.delete(s)) return;
    this.retired.sentFrames += s.sentFrames;
    this.retired.skippedFrames += s.skippedFrames;
    this.retired.dropped += s.dropped;
    this.retired.maxBuffered = Math.max(this.retired.maxBuffered, s.maxBuffered);
    this.retired.maxHeld = Math.max(this.retired.maxHeld, s.maxHeld);
  }

  /** Encodes `frame` for a profile now if its rate allows and no encode runs; otherwise keeps it as the one to do next. */
  private offer(state: ProfileState, frame: Frame): void {
    if (this.closed) return;
    let view = state.views.get(frame.slot);
    if (!view) {
      view = { lastMs: -Infinity, busy: false, waiting: undefined, timer: undefined, last: undefined };
      state.views.set(frame.slot, view);
    }
    const v = view;
    if (v.last?.frame === frame) return;
    const intervalMs = 1000 / state.profile.fps;
    const dueIn = v.lastMs + intervalMs - performance.now();
    if (v.busy || dueIn > 0) {
      v.waiting = frame;
      if (!v.busy && v.timer === undefined) {
        v.timer = setTimeout(() => {
          v.timer = undefined;
          const next = v.waiting;
          v.waiting = undefined;
          if (next) this.offer(state, next);
        }, dueIn);
      }
      return;
    }
    v.busy = true;
    v.lastMs = performance.now();
    state.encodes++;
    const capturedAt = this.latest.get(frame.slot)?.frame === frame ? this.latest.get(frame.slot)!.capturedAt : Date.now();
    void encodeFrame(frame, state.profile).then(
      ({ jpeg, width, height }) => {
        v.busy = false;
        const header: FrameHeader = { type: 'frame', slot: frame.slot, seq: frame.seq, simMs: frame.simMs, width, height, sourceWidth: frame.width, sourceHeight: frame.height, capturedAt };
        const message = packFrame(header, jpeg);
        v.last = { frame, message };
        for (const s of state.spectators) this.sendFrame(s, frame.slot, message);
        const next = v.waiting;
        v.waiting = undefined;
        if (next) this.offer(state, next);
      },
      () => {
        v.busy = false;
      },
    );
  }

  private sendFrame(s: Spectator, slot: number, message: Buffer): void {
    if (s.ws.readyState !== s.ws.OPEN) return;
    this.note(s);
    if (s.ws.bufferedAmount > SPECTATOR_HIGH_WATER) {
      if (s.pending.has(slot)) s.skippedFrames++;
      s.pending.set(slot, message);
      this.note(s);
      this.scheduleFlush();
      return;
    }
    s.pending.delete(slot);
    s.ws.send(message);
    s.sentFrames++;
    this.note(s);
  }

  private sendText(s: Spectator, text: string): void {
    if (s.ws.readyState !== s.ws.OPEN) return;
    this.note(s);
    if (s.ws.bufferedAmount > SPECTATOR_HIGH_WATER) {
      s.dropped++;
      this.scheduleFlush();
      return;
    }
    if (s.dropped > 0) {
      s.ws.send(JSON.stringify({ type: 'gap', dropped: s.dropped }));
      s.dropped = 0;
    }
    s.ws.send(text);
    this.note(s);
  }

  private note(s: Spectator): void {
    s.maxBuffered = Math.max(s.maxBuffered, s.ws.bufferedAmount);
    let held = s.ws.bufferedAmount;
    for (const message of s.pending.values()) held += message.length;
    s.maxHeld = Math.max(s.maxHeld, held);
  }

  /** While any spectator is backed up, looks every 50 ms whether it drained, and sends its newest frames. */
  private scheduleFlush(): void {
    if (this.flushTimer || this.closed) return;
    this.flushTimer = setInterval(() => {
      let waiting = false;
      for (const state of this.profiles.values()) {
        for (const s of state.spectators) {
          if (s.pending.size === 0 && s.dropped === 0) continue;
          if (s.ws.bufferedAmount > SPECTATOR_HIGH_WATER) {
            waiting = true;
            continue;
          }
          if (s.dropped > 0) {
            s.ws.send(JSON.stringify({ type: 'gap', dropped: s.dropped }));
            s.dropped = 0;
          }
          for (const [slot, message] of s.pending) this.sendFrame(s, slot, message);
          if (s.pending.size > 0) waiting = true;
        }
      }
      if (!waiting) {
        clearInterval(this.flushTimer);
        this.flushTimer = undefined;
      }
    }, 50);
    this.flushTimer.unref();
  }
}

/** One frame as a JPEG at a profile: scaled so its longest side is at most the profile's width. */
async function encodeFrame(frame: Frame, profile: SpectatorProfile): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  const scale = Math.min(1, profile.width / Math.max(frame.width, frame.height));
  const width = Math.max(1, Math.round(frame.width * scale));
  const height = Math.max(1, Math.round(frame.height * scale));
  const input = frame.encoding === 'rgb' ? sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: 3 } }) : sharp(frame.data);
  const jpeg = await input.resize(width, height).jpeg({ quality: profile.quality }).toBuffer();
  return { jpeg, width, height };
}
