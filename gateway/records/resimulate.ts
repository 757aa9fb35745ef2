/**
 * Re-simulation of a recorded `pdq` or `lcrt` run of a reference game: the game is reset with the run's
 * seed, variant and frame size, then advanced exactly as the ledger says, carrying the executed input
 * schedule (each decision's recorded inputs at its placed chunk start). Every decision frame is checked bit
 * for bit against its recorded digest, every event and progress line against the record; the first
 * difference is reported with the decision step it follows. With `frameEveryMs`, advances are cut into
 * tick-aligned pieces that also render the frames between decisions (for video); the game's outcome is the
 * same, so decision frames and events are still checked (progress lines then come per piece and are not).
 */
import { ArenaError, ErrorCode, InputEvent, orList, recordedJpegTables, type Frame, type Tracked } from '../../protocol/index.js';
import { getGame, type GameEntry } from '../../games-manifest/index.js';
import { launchGame, type GameEndpoint, type StepReply } from '../../env-bridge/index.js';
import { shiftInputs } from '../chunk-compiler.js';
import { isPausedClock, PausedClockMode } from '../clock/clock-mode.js';
import { frameDigest } from './frame-digest.js';
import { recordedFramePath, recordedRgbDigest } from './frame-files.js';
import { readRunRecord, recordsInFlight, type InFlightRecord, type RunRecord } from './run-record-read.js';
import { AdvanceRecord, PlacementRecord, type DecisionRecord } from './run-record-schema.js';

/** A frame the re-simulation rendered: one a decision saw, or one between decisions (video only). */
export interface ResimFrame {
  readonly frame: Frame;
  readonly between: boolean;
}

export interface ResimOptions {
  /** The run's manifest entry (default: looked up by the run's game id). */
  readonly entry?: GameEntry;
  readonly launch?: (entry: GameEntry, options?: { readonly privileged: boolean; readonly perception?: boolean; readonly keyNames?: 'ue' }) => Promise<GameEndpoint>;
  /** Also render every slot's view every this many ms of game time (rounded to whole ticks). */
  readonly frameEveryMs?: number;
  readonly onFrame?: (frame: ResimFrame) => void | Promise<void>;
  /** Receives the game's tracked-state reports (the game is then asked for them), for rebuilding state.jsonl. */
  readonly onTracked?: (report: Tracked) => void;
}

export interface ResimMismatch {
  /** What differed: `frame`, `event`, `progress`, `advance`, `input`. */
  readonly what: string;
  /** The decision step it concerns or follows (-1 before the first decision). */
  readonly step: number;
  readonly slot?: number;
  readonly message: string;
}

export interface ResimReport {
  readonly runId: string;
  readonly ok: boolean;
  readonly checked: { readonly decisions: number; readonly frames: number; readonly recordedFrames: number; readonly events: number; readonly progress: number; readonly advances: number };
  /** The decisions the record's queue had not written when the run stopped (a kill: `in-flight.jsonl`). */
  readonly inFlight: readonly InFlightRecord[];
  readonly mismatch?: ResimMismatch;
  readonly simMs: number;
  readonly wallMs: number;
}

const canonical = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b))) : x));

function recordedInputs(d: DecisionRecord): InputEvent[] {
  return d.inputs.map((raw, i) => {
    const parsed = InputEvent.safeParse(raw);
    if (!parsed.success) throw new ArenaError(ErrorCode.BAD_RECORD, `decision slot ${d.slot} step ${d.step}: input ${i} is not an input event (${parsed.error.issues[0]?.message ?? 'bad'})`);
    return parsed.data;
  });
}

/** Checks that a run can be re-simulated: a paused-clock run of a reference game with its schedule recorded. */
function checkReplayable(record: RunRecord, entry: GameEntry): void {
  const { run } = record;
  if (entry.launch.kind !== 'builtin') throw new ArenaError(ErrorCode.BAD_CONFIG, `${run.game} is not a reference game; only reference-game runs can be re-simulated (its video comes from arena match --video)`);
  if (!isPausedClock(run.clock)) throw new ArenaError(ErrorCode.BAD_CONFIG, `a ${run.clock} run has no exact input schedule; only ${orList(PausedClockMode.options)} runs can be re-simulated`);
  if (!run.frame) throw new ArenaError(ErrorCode.BAD_RECORD, `${record.dir}/run.json has no frame size`);
}

/** Re-simulates the run in `dir` and checks it against its record. */
export async function resimulate(dir: string, options: ResimOptions = {}): Promise<ResimReport> {
  const started = performance.now();
  const record = readRunRecord(dir);
  const { run } = record;
  const entry = options.entry ?? getGame(run.game);
  checkReplayable(record, entry);
  const decisions = new Map(record.decisions.map((d) => [`${d.slot}:${d.step}`, d]));
  const slots = run.agents.map((a) => a.slot);
  const checked = { decisions: 0, frames: 0, recordedFrames: 0, events: 0, progress: 0, advances: 0 };
  const events: unknown[] = [];
  const progress: unknown[] = [];
  /** Digest of each frame the original run saw, by slot and sequence number as the original counted them. */
  const seen = new Map<string, string>();
  const seq = new Map<number, number>();
  let lastStep = -1;
  let mismatch: ResimMismatch | undefined;
  const fail = (m: ResimMismatch): void => {
    mismatch ??= m;
  };
  // A run under the benchmark's profile sent UE key names, as its link said; the replay's link says so too.
  const launchOptions = { privileged: true, ...(options.onTracked ? { perception: true } : {}), ...(run.conditions?.profile === 'omnigamearena' ? { keyNames: 'ue' as const } : {}) };
  const endpoint = await (options.launch ?? ((e: GameEntry, o: typeof launchOptions) => launchGame(e, o)))(entry, launchOptions);
  let simMs = 0;
  try {
    const { client } = endpoint;
    const tickMs = client.capabilities.clock.tickMs;
    const take = async (reply: StepReply, counted: boolean): Promise<void> => {
      for (const e of reply.events) events.push(e);
      for (const t of reply.tracked) options.onTracked?.(t);
      if (reply.end) events.push(reply.end);
      if (reply.progress) progress.push({ simMs: reply.progress.simMs, players: reply.progress.players });
      for (const f of reply.frames) {
        if (counted) {
          const n = seq.get(f.slot) ?? 0;
          seq.set(f.slot, n + 1);
          seen.set(`${f.slot}:${n}`, frameDigest(f));
        }
        await options.onFrame?.({ frame: f, between: !counted });
      }
      simMs = reply.done.simMs;
    };
    // Frames as the original run had them from the game: raw RGB, or JPEG at the match's quality with its Huffman tables.
    const f = run.conditions?.frame;
    const encoding = f?.encoding === 'jpeg' && f.quality !== undefined ? { encoding: 'jpeg' as const, quality: f.quality, jpegTables: recordedJpegTables(f.jpegTables) } : { encoding: 'rgb' as const };
    await take(await client.reset(run.seed, run.variant, slots, { width: run.frame!.width, height: run.frame!.height, ...encoding }, run.conditions?.gameTimerMs), true);
    /** Placed inputs with absolute game times, in placement order. */
    let queued: { e: InputEvent; i: number }[] = [];
    let placed = 0;
    let carryMs = 0;
    for (const line of record.ledger) {
      if (line.kind === 'placement') {
        const p = PlacementRecord.parse(line);
        const d = decisions.get(`${p.slot}:${p.step}`);
        if (!d) throw new ArenaError(ErrorCode.BAD_RECORD, `the ledger places slot ${p.slot} step ${p.step}, which decisions.jsonl does not have`);
        lastStep = Math.max(lastStep, p.step);
        for (const e of shiftInputs(recordedInputs(d), p.chunkStartMs)) queued.push({ e, i: placed++ });
        continue;
      }
      if (line.kind !== 'advance') continue;
      const a = AdvanceRecord.parse(line);
      const toMs = a.fromMs + a.requestedMs;
      const now = queued.filter(({ e }) => e.at <= toMs).sort((x, y) => x.e.at - y.e.at || x.e.slot - y.e.slot || x.i - y.i);
      queued = queued.filter(({ e }) => e.at > toMs);
      const inputs = now.map(({ e }) => ({ ...e, at: Math.max(0, e.at - a.fromMs) }));
      if (inputs.length !== a.inputs) fail({ what: 'input', step: lastStep, message: `the advance from ${a.fromMs} ms carries ${inputs.length} inputs; the ledger says ${a.inputs}` });
      // Pieces of whole ticks (counting the game's carried remainder), so the game runs exactly the same ticks.
      const every = options.frameEveryMs === undefined ? Infinity : Math.max(tickMs, Math.round(options.frameEveryMs / tickMs) * tickMs);
      let doneMs = 0;
      let actualMs = 0;
      let ended = false;
      let rest = inputs;
      while (!ended) {
        const left = a.requestedMs - doneMs;
        const piece = left + carryMs > every ? every - carryMs : left;
        const last = piece >= left;
        // An input goes with the piece whose tick the whole advance would have applied it at.
        const lastTickAt = actualMs + (Math.floor((piece + carryMs) / tickMs + 1e-9) - 1) * tickMs;
        const mine = last ? rest : rest.filter((e) => e.at <= lastTickAt + 1e-9);
        rest = last ? [] : rest.filter((e) => e.at > lastTickAt + 1e-9);
        const reply = await client.advance(piece, mine.map((e) => ({ ...e, at: Math.max(0, e.at - actualMs) })), last ? a.observers : slots);
        actualMs += reply.done.actualMs;
        carryMs = Math.max(0, piece + carryMs - reply.done.actualMs);
        ended = reply.done.ended || last;
        doneMs += piece;
        await take(reply, last || reply.done.ended);
      }
      checked.advances++;
      if (Math.abs(actualMs - a.actualMs) > 1e-6 || Math.abs(simMs - a.simMs) > 1e-6) {
        fail({ what: 'advance', step: lastStep, message: `the advance from ${a.fromMs} ms ran ${actualMs} ms to ${simMs} ms; the record says ${a.actualMs} ms to ${a.simMs} ms` });
      }
    }
  } finally {
    await endpoint.close();
  }
  // Decision frames, in decision order (the record's order is the order they were made in).
  for (const d of record.decisions) {
    if (d.frameDigest === undefined || d.frameSeq === undefined) continue;
    checked.decisions++;
    const got = seen.get(`${d.slot}:${d.frameSeq}`);
    checked.frames++;
    if (got !== d.frameDigest) {
      fail({ what: 'frame', step: d.step, slot: d.slot, message: `decision slot ${d.slot} step ${d.step} (at ${d.observedAtMs} ms) saw ${got === undefined ? 'no frame' : 'a different frame'} in re-simulation (frame ${d.frameSeq})` });
      break;
    }
  }
  // The record's own copy of each raw frame holds the very pixels its digest names (a record from before
  // lossless frames kept a JPEG of them, which cannot be checked this way).
  for (const d of mismatch ? [] : record.decisions) {
    const path = d.frame !== undefined && d.frameDigest?.startsWith('rgb:') ? recordedFramePath(dir, d.frame) : undefined;
    if (path === undefined || path.endsWith('.jpg')) continue;
    checked.recordedFrames++;
    if ((await recordedRgbDigest(path)) !== d.frameDigest) {
      fail({ what: 'frame', step: d.step, slot: d.slot, message: `decision slot ${d.slot} step ${d.step}: the recorded frame ${d.frame} does not hold the pixels of its digest` });
      break;
    }
  }
  const stepAt = (ms: number): number => Math.max(-1, ...record.decisions.filter((d) => d.observedAtMs <= ms).map((d) => d.step));
  compareLines('event', record.events, events, stepAt, checked, fail);
  if (options.frameEveryMs === undefined) compareLines('progress', record.progress, progress, stepAt, checked, fail);
  return { runId: run.runId, ok: mismatch === undefined, checked, inFlight: recordsInFlight(dir), ...(mismatch ? { mismatch } : {}), simMs, wallMs: performance.now() - started };
}

function compareLines(what: 'event' | 'progress', recorded: readonly { simMs: number }[], replayed: readonly unknown[], stepAt: (ms: number) => number, checked: { events: number; progress: number }, fail: (m: ResimMismatch) => void): void {
  const n = Math.max(recorded.length, replayed.length);
  for (let i = 0; i < n; i++) {
    const r = recorded[i];
    const p = replayed[i] as { simMs: number } | undefined;
    if (r === undefined || p === undefined || canonical(r) !== canonical(p)) {
      const at = (r ?? p)!.simMs;
      fail({ what, step: stepAt(at), message: `${what} line ${i + 1} (at ${at} ms) differs: recorded ${r === undefined ? 'nothing' : canonical(r)}, re-simulated ${p === undefined ? 'nothing' : canonical(p)}` });
      return;
    }
    if (what === 'event') checked.events++;
    else checked.progress++;
  }
}

/** `resimulate` that throws REPLAY_MISMATCH naming the first differing step (for tests and scripts). */
export async function verifyRun(dir: string, options: ResimOptions = {}): Promise<ResimReport> {
  const report = await resimulate(dir, options);
  if (report.mismatch) throw new ArenaError(ErrorCode.REPLAY_MISMATCH, `${report.runId}: step ${report.mismatch.step}: ${report.mismatch.message}`, { details: { ...report.mismatch } });
  return report;
}
