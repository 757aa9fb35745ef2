/**
 * The OmniGameArena runner's settings for each of the twelve benchmark games, as its published runner
 * plays them: the mouse axes a chunk carries (none for the top-down games), the tap controls, steps per
 * chunk, history length, step budget, the observation delay its cold-start configs set, and how a
 * `get_score` reading becomes the episode's score. Map names are not held here: they are read at run
 * time from the builds' own maps config (see `maps.ts`), keyed `<game>` and `<game>_var1..3`.
 */

/** How the runner turns `get_score` readings into an episode's score. */
export interface RunnerScoreRule {
  /** `last`: the final reading; `max`: the largest reading of the episode (CueChase keeps the max seen). */
  readonly keep: 'last' | 'max';
  /** Coop only: a team's score is the sum of its players' readings. */
  readonly team: 'player' | 'sum';
  /** Divides the kept score to give progress in [0, 1] (CueChase and SceneEscape count 10 tasks); absent: the game gives no normalised progress. */
  readonly progressDivisor?: number;
  /** The range a build's score is declared to lie in; a reading outside it is reported, never clamped. */
  readonly range: { readonly min: number; readonly max: number | null };
}

/** One game as the runner plays it. */
export interface RunnerGame {
  readonly id: string;
  readonly regime: 'solo' | 'pvp' | 'coop';
  /** Mouse axes the chunk text carries, in order: one number each, degrees; empty for top-down games. */
  readonly mouseAxes: readonly ('X' | 'Y')[];
  /** Controls the game lists, as the runner's prompts name them. */
  readonly controls: readonly string[];
  /** Controls pressed in the last `tapMs` of a step instead of held. */
  readonly taps: readonly string[];
  /** Steps per chunk (cold-start configs); answers are padded or truncated to this. */
  readonly chunkSteps: number;
  /** Past (frame, answer) turns kept in the conversation. */
  readonly historyLength: number;
  /** Decisions per episode. */
  readonly stepBudget: number;
  /** Game time run after each chunk before the next observation, ms (the cold-start configs' 2 s). */
  readonly observationDelayMs: number;
  /** The game's own observation delay, used when a config sets none, ms. */
  readonly gameObservationDelayMs: number;
  /** Variant keys with their own map: `var1..var3` where the benchmark has held-out maps. */
  readonly variants: readonly string[];
  readonly score: RunnerScoreRule;
}

/** Game time of one step, ms. */
export const RUNNER_STEP_MS = 120;
/** Game time a tap control is down, at the end of its step, ms. */
export const RUNNER_TAP_MS = 30;
/** UE mouse units for a full turn (the builds' calibration): degrees x 2057 / 360. */
export const RUNNER_UNITS_PER_TURN = 2057;
/** UE mouse units per degree of view turn. */
export const RUNNER_UNITS_PER_DEGREE = RUNNER_UNITS_PER_TURN / 360;
/** Degrees of view turn per UE mouse unit: the runner divides degrees by this (its arithmetic, to the last bit). */
export const RUNNER_DEGREES_PER_UNIT = 360 / RUNNER_UNITS_PER_TURN;

/** UE mouse units of a look of `degrees`, computed as the runner computes them. */
export function runnerUnits(degrees: number): number {
  return degrees / RUNNER_DEGREES_PER_UNIT;
}

/**
 * The runner's key names: a token it renames before it sends it as a UE key name (exact case only). Every
 * other token, a listed letter or anything else the model wrote, goes to the build as written.
 */
export const RUNNER_KEY_NAMES: Readonly<Record<string, string>> = {
  Space: 'SpaceBar',
  Shift: 'LeftShift',
  Ctrl: 'LeftControl',
  Alt: 'LeftAlt',
  Esc: 'Escape',
  ...Object.fromEntries(['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'].map((w) => [w, w[0]!.toUpperCase() + w.slice(1)])),
};

/** The tokens the runner sends as mouse buttons (exact case only), with their wire names. */
export const RUNNER_BUTTONS: Readonly<Record<string, 'left' | 'right' | 'middle'>> = { LMB: 'left', RMB: 'right', MMB: 'middle' };

/** A mouse move smaller than this many units on both axes is not sent. */
export const RUNNER_MIN_MOVE_UNITS = 0.5;
/** Sends of a request whose answer comes back empty before the episode is skipped. */
export const RUNNER_EMPTY_ATTEMPTS = 5;
/** Game time the runner waits after `open <map>` with the world running, ms. */
export const RUNNER_MAP_WAIT_MS = 3000;

const WASD = ['W', 'A', 'S', 'D'];
const unbounded = { min: 0, max: null } as const;
const raw = { keep: 'last', team: 'player', range: unbounded } as const;
const unit = { keep: 'last', team: 'player', progressDivisor: 1, range: { min: 0, max: 1 } } as const;
const held = ['var1', 'var2', 'var3'];

const game = (g: Omit<RunnerGame, 'historyLength' | 'observationDelayMs' | 'variants'> & Partial<RunnerGame>): RunnerGame => ({
  historyLength: 3,
  observationDelayMs: 2000,
  variants: [],
  ...g,
});

/** The twelve games, by our manifest id (the runner uses the same ids). */
export const RUNNER_GAMES: Readonly<Record<string, RunnerGame>> = Object.fromEntries(
  [
    game({ id: 'last_stand', regime: 'solo', mouseAxes: ['X', 'Y'], controls: [...WASD, 'Space'], taps: [], chunkSteps: 6, stepBudget: 300, gameObservationDelayMs: 0, variants: held, score: raw }),
    game({ id: 'monster_shoot', regime: 'solo', mouseAxes: ['X', 'Y'], controls: [...WASD, 'Space', 'LMB'], taps: [], chunkSteps: 5, historyLength: 2, stepBudget: 300, gameObservationDelayMs: 0, score: raw }),
    game({ id: 'obstacle_run_2d', regime: 'solo', mouseAxes: [], controls: ['D', 'A', 'Space'], taps: [], chunkSteps: 8, historyLength: 2, stepBudget: 300, gameObservationDelayMs: 1000, score: unit }),
    game({ id: 'obstacle_run_3d', regime: 'solo', mouseAxes: ['X', 'Y'], controls: [...WASD, 'Space'], taps: [], chunkSteps: 6, stepBudget: 300, gameObservationDelayMs: 0, score: unit }),
    game({ id: 'cue_chase', regime: 'solo', mouseAxes: ['X', 'Y'], controls: [...WASD, 'F', 'Space'], taps: ['F'], chunkSteps: 5, stepBudget: 500, gameObservationDelayMs: 500, score: { keep: 'max', team: 'player', progressDivisor: 10, range: { min: 0, max: 10 } } }),
    game({ id: 'scene_escape', regime: 'solo', mouseAxes: ['X', 'Y'], controls: [...WASD, 'F', 'Space'], taps: ['F'], chunkSteps: 5, stepBudget: 500, gameObservationDelayMs: 500, score: { keep: 'last', team: 'player', progressDivisor: 10, range: { min: 0, max: 10 } } }),
    game({ id: 'solo_craft', regime: 'solo', mouseAxes: [], controls: [...WASD, 'F'], taps: ['F'], chunkSteps: 6, stepBudget: 200, gameObservationDelayMs: 500, score: raw }),
    game({ id: 'sky_duel', regime: 'pvp', mouseAxes: ['X'], controls: [...WASD, 'Space', 'LMB'], taps: ['LMB'], chunkSteps: 6, stepBudget: 500, gameObservationDelayMs: 100, score: raw }),
    game({ id: 'crystal_guard', regime: 'pvp', mouseAxes: ['X', 'Y'], controls: [...WASD, 'LMB'], taps: ['LMB'], chunkSteps: 6, stepBudget: 160, gameObservationDelayMs: 100, score: raw }),
    game({ id: 'midline_clash', regime: 'pvp', mouseAxes: [], controls: [...WASD, 'F'], taps: ['F'], chunkSteps: 6, stepBudget: 120, gameObservationDelayMs: 500, score: raw }),
    game({ id: 'shared_floor', regime: 'coop', mouseAxes: [], controls: [...WASD, 'F'], taps: ['F'], chunkSteps: 6, stepBudget: 120, gameObservationDelayMs: 500, variants: held, score: { ...raw, team: 'sum' } }),
    game({ id: 'handoff_run', regime: 'coop', mouseAxes: [], controls: [...WASD, 'F'], taps: ['F'], chunkSteps: 6, stepBudget: 300, gameObservationDelayMs: 500, score: { ...raw, team: 'sum' } }),
  ].map((g) => [g.id, g]),
);

/** The runner's settings for a game; undefined for a game the benchmark does not have. */
export function runnerGame(id: string): RunnerGame | undefined {
  return RUNNER_GAMES[id];
}
