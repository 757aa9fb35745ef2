/**
 * GameLink: the protocol between the gateway (client) and a game endpoint (server).
 * msgpack maps on binary WebSocket messages; every message has a `type`. See docs/protocol.md.
 */
import { z } from 'zod';
import { JpegTables } from './jpeg-tables.js';
import { ControlSet, InputSchedule } from './controls.js';
import { WireErrorCode } from './wire-error-code.js';
import { Limits } from './limits.js';

/** The GameLink version this code speaks; a hello with another major version is refused. */
export const GAME_LINK_VERSION = 1;

/** Binary bytes of any backing buffer (a frame a Buffer pool holds is one too). */
const Bytes: z.ZodType<Uint8Array> = z.instanceof(Uint8Array);
const Name = z.string().min(1).max(Limits.maxNameLength);
const Text = z.string().max(Limits.maxTextLength);
const Id = z.number().int().min(0).max(2 ** 31);
const Slot = z.number().int().min(0).max(Limits.maxSlots - 1);
const SimMs = z.number().min(0);
const Side = z.number().int().min(1).max(Limits.maxFrameSide);

export const FrameEncoding = z.enum(['rgb', 'jpeg', 'png']);
export type FrameEncoding = z.infer<typeof FrameEncoding>;

/** The encoding and size a gateway wants on its link to a bridge: encoded once per frame on the game's side. */
export const LinkFrames = z.strictObject({
  encoding: FrameEncoding,
  /** JPEG quality (default 85). */
  quality: z.number().int().min(1).max(100).optional(),
  /** Longest side, px: larger frames are scaled down keeping their aspect. */
  maxSide: Side.optional(),
});
export type LinkFrames = z.infer<typeof LinkFrames>;

export const SlotInfo = z.strictObject({ slot: Slot, team: z.number().int().min(0).max(Limits.maxSlots) });
export type SlotInfo = z.infer<typeof SlotInfo>;

/** What a game endpoint can do, announced in its hello. */
export const Capabilities = z.strictObject({
  /** Frame sizes the game can render, width x height. The first is its native size. */
  frameSizes: z.array(z.strictObject({ width: Side, height: Side })).min(1).max(16),
  encodings: z.array(FrameEncoding).min(1).max(3),
  slots: z.array(SlotInfo).min(1).max(Limits.maxSlots),
  controls: ControlSet,
  clock: z.strictObject({
    /** The game can hold its world still between messages. */
    pause: z.boolean(),
    /** `advance` runs exactly the requested game time (fixed timestep); otherwise it reports what ran. */
    exactAdvance: z.boolean(),
    /** The game can run free at a speed other than 1 (realtime mode's `timeScale`). */
    timeScale: z.boolean(),
    /** Length of one simulation tick, ms; inputs are applied on tick boundaries. */
    tickMs: z.number().positive().max(1000),
  }),
  /** The game can stream its privileged state to a client that asks for it. */
  privilegedState: z.boolean(),
  variants: z.array(Name).min(1).max(Limits.maxArrayLength),
});
export type Capabilities = z.infer<typeof Capabilities>;

// ---- gateway -> game ------------------------------------------------------------------------

export const ClientHello = z.strictObject({
  type: z.literal('hello'),
  version: z.number().int().min(0),
  client: Name,
  /** Ask for `state` messages: only a match with an agent that reads state (scripted policies) asks, never for a VLM agent. */
  privileged: z.boolean(),
  /** Ask for `tracked` messages (the task-relevant state perception tools read): the recorder asks, agents never see them. */
  perception: z.boolean().optional(),
  /** The endpoint's access token (`arena bridge --token-file`); compared in constant time. */
  token: z.string().min(1).max(Limits.maxNameLength).optional(),
  /** The session id of an earlier hello's reply: take that session back after a dropped link (docs/bridge.md). */
  resume: z.string().min(1).max(Limits.maxNameLength).optional(),
  /** How frames should cross this link, whatever a reset asks (docs/bridge.md); absent: as each reset asks. */
  frames: LinkFrames.optional(),
  /**
   * `ue`: key inputs are named as a UE build reads them (the benchmark profile sends the runner's names):
   * any name, matched without case against the controls' UE key names (`w`, `SpaceBar`); a name that
   * matches none, or a mouse button the game lacks, does nothing. A UE build's backend gets them as sent.
   * Absent: `controls`, inputs name the game's controls and anything else is BAD_INPUT.
   */
  keyNames: z.enum(['controls', 'ue']).optional(),
});
export const Reset = z.strictObject({
  type: z.literal('reset'),
  id: Id,
  seed: z.number().int().min(0).max(2 ** 32 - 1),
  variant: Name,
  /** Slots taking part; others stay empty (the game may fill them with idle players). */
  slots: z.array(Slot).min(1).max(Limits.maxSlots),
  /** `jpegTables`: the Huffman tables of the game's JPEG frames (default `standard`; see jpeg-tables.ts). */
  frame: z.strictObject({ width: Side, height: Side, encoding: FrameEncoding, quality: z.number().int().min(1).max(100).optional(), jpegTables: JpegTables.optional() }),
  /**
   * The run's time limit, ms of game time: a game whose rules read a timer (progress, a win at the end, the
   * HUD's countdown) plays to this one where it is shorter than its variant's. Absent: the variant's own.
   */
  timeLimitMs: z.number().int().positive().max(2 ** 31 - 1).optional(),
});
export const Advance = z.strictObject({
  type: z.literal('advance'),
  id: Id,
  /** Game time to run, ms; the game then stays paused. */
  ms: z.number().min(0).max(Limits.maxAdvanceMs),
  inputs: InputSchedule,
  /** Send the frames of these slots at the end (an empty list skips rendering). */
  frames: z.array(Slot).max(Limits.maxSlots),
});
export const Observe = z.strictObject({ type: z.literal('observe'), id: Id, frames: z.array(Slot).max(Limits.maxSlots) });
export const Pause = z.strictObject({ type: z.literal('pause'), id: Id });
/** Run freely (realtime); the game streams frames of `frames` at `fps` and applies `input` as it arrives. */
export const Resume = z.strictObject({
  type: z.literal('resume'),
  id: Id,
  timeScale: z.number().positive().max(16),
  fps: z.number().positive().max(240),
  frames: z.array(Slot).max(Limits.maxSlots),
});
/** Input while running freely: `at` offsets count from the moment the game reads the message. */
export const Input = z.strictObject({ type: z.literal('input'), inputs: InputSchedule });
export const Bye = z.strictObject({ type: z.literal('bye'), reason: Text });

export const ClientMessage = z.discriminatedUnion('type', [ClientHello, Reset, Advance, Observe, Pause, Resume, Input, Bye]);
export type ClientMessage = z.infer<typeof ClientMessage>;

// ---- game -> gateway ------------------------------------------------------------------------

export const GameHello = z.strictObject({
  type: z.literal('hello'),
  version: z.number().int().min(0),
  game: Name,
  build: Name,
  capabilities: Capabilities,
  /** The session this link belongs to: a client that loses the link says it in its next hello's `resume`. */
  session: z.string().min(1).max(Limits.maxNameLength).optional(),
  /** How long the endpoint keeps a dropped session for its client, ms. */
  graceMs: z.number().int().min(0).optional(),
  /** True when this hello took an earlier session back; `lastId` is the last request it answered. */
  resumed: z.boolean().optional(),
  lastId: Id.optional(),
});
export const Frame = z.strictObject({
  type: z.literal('frame'),
  /** The player whose view this is. */
  slot: Slot,
  simMs: SimMs,
  /** Per-slot sequence number, from 0 at reset. */
  seq: z.number().int().min(0),
  width: Side,
  height: Side,
  encoding: FrameEncoding,
  data: Bytes,
  /** When the endpoint sent it, ms since the epoch on its clock (links that asked for `frames` only). */
  sentAt: z.number().min(0).optional(),
});
export type Frame = z.infer<typeof Frame>;
export const GameEvent = z.strictObject({
  type: z.literal('event'),
  simMs: SimMs,
  /** The player it concerns, if any. */
  slot: Slot.optional(),
  name: Name,
  data: z.record(z.string().max(Limits.maxNameLength), z.union([z.number(), z.string().max(Limits.maxTextLength), z.boolean()])).optional(),
});
export type GameEvent = z.infer<typeof GameEvent>;
export const PlayerProgress = z.strictObject({
  slot: Slot,
  /** Normalised progress in [0, 1] as the game's manifest defines it. */
  progress: z.number().min(0).max(1),
  /** The game's raw score, in its own units. */
  score: z.number(),
});
export type PlayerProgress = z.infer<typeof PlayerProgress>;
export const Progress = z.strictObject({
  type: z.literal('progress'),
  simMs: SimMs,
  players: z.array(PlayerProgress).max(Limits.maxSlots),
});
export type Progress = z.infer<typeof Progress>;
/** Privileged game state: sent only to a client whose hello asked for it. */
export const State = z.strictObject({ type: z.literal('state'), simMs: SimMs, state: z.record(z.string(), z.unknown()) });
export type State = z.infer<typeof State>;
/** One tracked task-relevant value: a discrete label, a whole number, a flag, or null. */
export const TrackedValue = z.union([z.string().max(Limits.maxTextLength), z.number(), z.boolean(), z.null()]);
export type TrackedValue = z.infer<typeof TrackedValue>;
/**
 * The task-relevant projection of the game's state (its perception adapter's variables) after a tick in which
 * it changed or a critical event happened, with those critical events: sent only to a client whose hello asked.
 */
export const Tracked = z.strictObject({
  type: z.literal('tracked'),
  simMs: SimMs,
  tracked: z.record(z.string().max(Limits.maxNameLength), TrackedValue),
  events: z.array(GameEvent).max(Limits.maxArrayLength),
});
export type Tracked = z.infer<typeof Tracked>;
export const Outcome = z.strictObject({
  slot: Slot,
  result: z.enum(['win', 'draw', 'loss', 'none']),
});
export const EpisodeEnd = z.strictObject({
  type: z.literal('episode_end'),
  simMs: SimMs,
  /** Why it ended in the game's terms (`fell`, `time_limit`, `crystal_destroyed`...). */
  reason: Name,
  outcomes: z.array(Outcome).max(Limits.maxSlots),
});
export type EpisodeEnd = z.infer<typeof EpisodeEnd>;
/** The reply that closes a reset, advance, observe, pause or resume: everything it caused came before it. */
export const Done = z.strictObject({
  type: z.literal('done'),
  id: Id,
  simMs: SimMs,
  /** Game time the request asked for, and game time that really passed (equal on exact games). */
  requestedMs: z.number().min(0),
  actualMs: z.number().min(0),
  ended: z.boolean(),
});
export type Done = z.infer<typeof Done>;
export const GameError = z.strictObject({
  type: z.literal('error'),
  /** The request it answers, if any. */
  id: Id.optional(),
  code: WireErrorCode,
  message: Text,
});
export const GameBye = z.strictObject({ type: z.literal('bye'), reason: Text });

export const GameMessage = z.discriminatedUnion('type', [GameHello, Frame, GameEvent, Progress, State, Tracked, EpisodeEnd, Done, GameError, GameBye]);
export type GameMessage = z.infer<typeof GameMessage>;
