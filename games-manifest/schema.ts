/** The shape of a manifest entry: everything the gateway, agents and drivers need to know about one game. */
import { z } from 'zod';
import { ControlSet, GamepadAxis, Limits } from '../protocol/index.js';

const Name = z.string().min(1).max(Limits.maxNameLength);

/** Who plays: alone, against each other, together; `turn-based` boards are played move by move against the game's own opponent (or alone, for puzzles). */
export const Regime = z.enum(['solo', 'pvp', 'coop', 'turn-based']);
export type Regime = z.infer<typeof Regime>;
export const View = z.enum(['side', 'third-person', 'first-person', 'top-down']);
export type View = z.infer<typeof View>;

export const Variant = z.strictObject({
  id: Name,
  /** Held-out variants are kept for transfer tests and never used while a skill is learned. */
  heldOut: z.boolean(),
  description: z.string().max(500),
  /** The variant's own episode time limit, ms, where it differs from the game's. */
  timeLimitMs: z.number().int().positive().optional(),
});
export type Variant = z.infer<typeof Variant>;

/** When a desktop game counts as started: its window is mapped, or a line of its output or log matches. */
export const DesktopReady = z.discriminatedUnion('kind', [
  /** A top-level window appears (whose title matches `title`, a regular expression, if given). */
  z.strictObject({ kind: z.literal('window'), title: z.string().max(200).optional() }),
  /** A line of stdout/stderr, or of `file` (relative to the game's HOME), matches `pattern`. */
  z.strictObject({ kind: z.literal('log'), pattern: z.string().min(1).max(200), file: z.string().min(1).max(300).optional() }),
]);
export type DesktopReady = z.infer<typeof DesktopReady>;

/** One progress rule of a log probe: a line matching `pattern` adds `points` to the score and may emit an event or end the episode. */
export const LogRule = z.strictObject({
  pattern: z.string().min(1).max(300),
  /** Added to the slot's raw score each time the pattern matches (default 0). */
  points: z.number().optional(),
  /** Name of a game event to report when the pattern matches. */
  event: Name.optional(),
  /** Ends the episode with this reason when the pattern matches. */
  end: Name.optional(),
  /** Outcome for the slot when this rule ends the episode (default `none`). */
  outcome: z.enum(['win', 'draw', 'loss', 'none']).optional(),
});
export type LogRule = z.infer<typeof LogRule>;

/** Where a desktop game's progress comes from. */
export const DesktopProbe = z.discriminatedUnion('kind', [
  /** No signal from the game: progress is survival time over the time limit, score is seconds survived. */
  z.strictObject({ kind: z.literal('none') }),
  /** Lines of stdout/stderr, or of `file` (relative to the game's HOME), matched against rules; progress = score / `maxScore`. */
  z.strictObject({ kind: z.literal('log'), file: z.string().min(1).max(300).optional(), maxScore: z.number().positive(), rules: z.array(LogRule).min(1).max(64) }),
]);
export type DesktopProbe = z.infer<typeof DesktopProbe>;

/**
 * A native program run by the desktop driver under its own Xvfb display and libfaketime clock. `args`, `env`
 * and `files` may name `${HOME}` (the game's temporary home) and `${DISPLAY}`.
 */
export const DesktopRecipe = z.strictObject({
  kind: z.literal('desktop'),
  command: Name,
  args: z.array(z.string()).max(64),
  env: z.record(z.string(), z.string()).optional(),
  /** Extra arguments per variant id, appended to `args`. */
  variantArgs: z.record(z.string(), z.array(z.string()).max(32)).optional(),
  /** Files written into the game's HOME before it starts (config files), path relative to HOME -> contents. */
  files: z.record(z.string(), z.string().max(64 * 1024)).optional(),
  /** Size of the game window, pixels; the virtual display is made exactly this size. */
  window: z.strictObject({ width: z.number().int().min(16).max(Limits.maxFrameSide), height: z.number().int().min(16).max(Limits.maxFrameSide) }),
  ready: DesktopReady,
  /** Wall time the game runs after it is ready before the episode starts (paused, at game time 0), ms. */
  settleMs: z.number().int().min(0).max(60_000),
  /** Our control names -> the game's keys, as nut-js `Key` names (`W`, `LeftControl`, `Space`, `Left`). Buttons map themselves. */
  keyMap: z.record(Name, Name),
  /** Mouse pixels per degree of view turn for each axis (XTest relative motion). */
  lookPixelsPerDegree: z.strictObject({ x: z.number().positive(), y: z.number().positive() }),
  /** Shortest time a key or button is held, ms of running game time (default 50); shorter presses are extended. */
  minHoldMs: z.number().int().min(0).max(1000).optional(),
  /** The game's own tick, ms (how finely inputs can matter). */
  tickMs: z.number().positive().max(1000),
  /** A build label for the hello (default: the command). */
  build: Name.optional(),
  progress: DesktopProbe,
});
export type DesktopRecipe = z.infer<typeof DesktopRecipe>;

const Port = z.number().int().min(1).max(65535);

/**
 * A game behind the OmniGameArena RemoteInput TCP protocol (a UE5 build on a GPU machine, or `arena
 * remote-input-serve`), adapted to GameLink by the remote-input driver (env-bridge/remote-input).
 */
export const RemoteInputRecipe = z.strictObject({
  kind: z.literal('remote-input'),
  host: Name,
  /** Port of player 1 (the plugin's default is 12345); player k connects to basePort + k - 1. */
  basePort: Port,
  /** Per-slot ports in slot order, where they do not follow basePort + k - 1. */
  ports: z.array(Port).min(1).max(Limits.maxSlots).optional(),
  /** Our control names -> UE FKey names, where the default (W -> W, Space -> SpaceBar, 1 -> One) is wrong. */
  keyMap: z.record(Name, Name).optional(),
  /** Our gamepad axes -> the build's UE axis names, where the default (`LX` -> `Gamepad_LeftX`, `RT` -> `Gamepad_RightTriggerAxis`) is wrong. */
  axisMap: z.partialRecord(GamepadAxis, Name).optional(),
  /** `mouse` units sent per degree of view turn, per axis (default 1; a negative value flips the axis). */
  lookUnitsPerDegree: z.strictObject({ x: z.number(), y: z.number() }).optional(),
  /** Degrees of view turn per `mouse` unit: units = degrees / this (the benchmark runner's arithmetic); wins over `lookUnitsPerDegree`. */
  lookDegreesPerUnit: z.strictObject({ x: z.number().positive(), y: z.number().positive() }).optional(),
  /** Progress in [0, 1] = clamp(get_score's `field` / `max`), kept as the maximum seen (default score / 1). */
  progress: z.strictObject({ field: z.enum(['score', 'survival_time', 'progress']), max: z.number().positive() }).optional(),
  /** Variant id -> UE map (`/Game/Maps/LastStand`); resetting onto a variant whose map is not loaded sends `open <map>`. */
  maps: z.record(Name, z.string().min(1).max(300)).optional(),
  /**
   * How a reset is done (default `reset`: `slomo 0`, [`open <map>`], `reset` on a frozen world). `open`: the
   * OmniGameArena runner's, `open <map>` every episode and `mapWaitMs` of wall time with the world running.
   */
  reset: z.enum(['reset', 'open']).optional(),
  /** `open` resets: wall time to let the map load with the world running, ms (default 3000). */
  mapWaitMs: z.number().int().min(0).max(120_000).optional(),
  /** Which `score` an episode keeps: the largest reading (default) or the last (the benchmark's runner, for most games). */
  scoreKeep: z.enum(['max', 'last']).optional(),
  /** The range the build's score is declared to lie in; each reading outside it is reported as a `score_out_of_range` event, never clamped. */
  scoreRange: z.strictObject({ min: z.number(), max: z.number().nullable() }).optional(),
  /** JPEG quality asked of screenshots (default 85). */
  jpegQuality: z.number().int().min(1).max(100).optional(),
  /** Time dilation (`slomo`) while advancing (default 1: game time runs at wall-clock speed). */
  timeScale: z.number().positive().max(16).optional(),
  /** The build's frame time, ms, announced as the tick (default 16). */
  tickMs: z.number().positive().max(1000).optional(),
  /** Deadline for one reply, ms (default 10 s). */
  requestTimeoutMs: z.number().int().positive().max(600_000).optional(),
  /** A build label for the hello (default: the server's welcome, or `remote-input`). */
  build: Name.optional(),
});
export type RemoteInputRecipe = z.infer<typeof RemoteInputRecipe>;

/** How to get a running GameLink endpoint for this game. */
export const LaunchRecipe = z.discriminatedUnion('kind', [
  /** One of our reference games: a TypeScript module run as a child process that serves GameLink. */
  z.strictObject({ kind: z.literal('builtin'), module: Name }),
  /** A program on this host that serves GameLink on the port given in $ARENA_PORT. */
  z.strictObject({
    kind: z.literal('command'),
    command: Name,
    args: z.array(z.string()).max(64),
    env: z.record(z.string(), z.string()).optional(),
  }),
  /** A GameLink endpoint already running somewhere (a GPU machine's bridge). */
  z.strictObject({ kind: z.literal('remote'), url: z.string().url() }),
  /** A native program under its own virtual display, served by a bridge process (env-bridge/desktop). */
  DesktopRecipe,
  /** A RemoteInput TCP server (a UE5 build), driven through the remote-input driver. */
  RemoteInputRecipe,
]);
export type LaunchRecipe = z.infer<typeof LaunchRecipe>;

export const GameEntry = z.strictObject({
  id: Name,
  name: Name,
  regime: Regime,
  view: View,
  /** One line for listings. */
  summary: z.string().max(300),
  slots: z.array(z.strictObject({ slot: z.number().int().min(0), team: z.number().int().min(0) })).min(1).max(Limits.maxSlots),
  controls: ControlSet,
  /** Size of the frames agents receive by default. */
  frame: z.strictObject({ width: z.number().int().positive(), height: z.number().int().positive() }),
  /** Episode time limit in game time, ms. */
  timeLimitMs: z.number().int().positive(),
  /** Most decisions per agent in one episode (the benchmark's step budget). */
  stepBudget: z.number().int().positive(),
  /** What progress in [0, 1] means for this game. */
  progress: z.string().max(300),
  variants: z.array(Variant).min(1),
  /** Text for a model player: rules, what is on screen, the controls. The action format is appended by the agent. */
  prompt: z.strictObject({ rules: z.string().max(4000), screen: z.string().max(2000), controls: z.string().max(2000) }),
  /**
   * A gamepad the game also takes, without being a variant: its axes join the control set only in a match
   * that asks for them (`arena match --gamepad`), so every other match, prompt and record stays as it is.
   * The game's host takes these axes in any match. `controls` is the prompt's words on them.
   */
  gamepad: z.strictObject({ axes: z.array(GamepadAxis).min(1).max(GamepadAxis.options.length), controls: z.string().max(2000) }).optional(),
  launch: LaunchRecipe,
});
export type GameEntry = z.infer<typeof GameEntry>;
