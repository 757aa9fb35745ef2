/**
 * Build calibration under the omnigamearena profile: for every benchmark game the builds' maps config names,
 * checks on player 1's port what the profile takes on trust. Each map opens (the frame changes after `open`),
 * each control the game lists acts when pressed (its frame or score departs from an idle run's), a look of
 * 2057 units turns the view a full circle (the frame comes back), and every `get_score` reading lies in the
 * game's declared range. Keys and buttons go out under the runner's names (`Space` -> `SpaceBar`, `LMB` a
 * mouse button). Measurements are made with the world frozen (`slomo 0`) between short running stretches.
 */
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { RUNNER_BUTTONS, RUNNER_GAMES, RUNNER_MAP_WAIT_MS, RUNNER_UNITS_PER_TURN, runnerKeyName, runnerMaps, type RunnerGame, type RunnerMapsConfig } from '../games-manifest/index.js';
import { RemoteInputClient, type ScoreReply, type Screenshot } from '../game-host/index.js';
import { CheckRun, expectThat, fail, fmt, skip, wallWait, type CheckResult } from './checks.js';
import { frameDifference, SAME_PICTURE } from './image-diff.js';

export interface CalibrationOptions {
  /** The builds' maps config (`configs/maps.yaml` of a runner checkout): which games and maps to check. */
  readonly maps: RunnerMapsConfig;
  /** Wall time after `open <map>` before the map is looked at, ms (default the runner's 3000). */
  readonly mapWaitMs?: number;
  /** Wall time a control is held with the world running, ms (default 500). */
  readonly pressMs?: number;
  /** Deadline for one reply, ms (default 10 s). */
  readonly requestTimeoutMs?: number;
  readonly onResult?: (r: CheckResult) => void;
}

/** One map of a game: whether `open` changed the frame. */
export interface MapCalibration {
  readonly variant: string;
  readonly map: string;
  /** Mean difference between the frame before `open` and after the map wait. */
  readonly difference: number;
  readonly opened: boolean;
}

/** One control of a game: how far pressing it took the frame and the score from an idle run's. */
export interface ControlCalibration {
  readonly control: string;
  /** What went on the wire: `key SpaceBar`, `mouse_button left`. */
  readonly sent: string;
  readonly frameDifference: number;
  /** Score after the press minus the idle run's; counted only when both runs stopped at the same game clock. */
  readonly scoreChange: number | null;
  readonly acts: boolean;
}

/** A game's measurements; `null` where its check could not measure. */
export interface GameCalibration {
  readonly game: string;
  readonly maps: readonly MapCalibration[];
  /** Difference between two idle runs from the same start: what a press must exceed. */
  readonly idleNoise: number | null;
  readonly controls: readonly ControlCalibration[];
  /** Half a turn (must move the view) and a full turn after it (must come back to the half turn's frame). */
  readonly turn: { readonly halfDifference: number; readonly fullDifference: number; readonly back: boolean } | null;
  readonly scores: { readonly readings: number; readonly min: number | null; readonly max: number | null; readonly range: { readonly min: number; readonly max: number | null }; readonly outside: readonly number[] };
}

/** What `arena conformance --profile omnigamearena --maps FILE` writes as its JSON report. */
export interface CalibrationReport {
  readonly endpoint: string;
  readonly settings: { readonly mapWaitMs: number; readonly pressMs: number; readonly unitsPerTurn: number };
  readonly games: readonly GameCalibration[];
  readonly results: readonly CheckResult[];
}

/** The benchmark games the maps config names (by their own key), in the config's order; BAD_CONFIG when none. */
export function calibratedGames(maps: RunnerMapsConfig): RunnerGame[] {
  const games = Object.keys(maps.maps).flatMap((k) => (Object.hasOwn(RUNNER_GAMES, k) ? [RUNNER_GAMES[k]!] : []));
  if (games.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `the maps config names none of the benchmark's games (${Object.keys(RUNNER_GAMES).join(', ')})`);
  return games;
}

const shotFrame = (s: Screenshot): { data: Uint8Array; encoding: 'jpeg' | 'png'; width: number; height: number } => ({ data: s.data, encoding: s.format, width: s.width, height: s.height });
const clockOf = (s: ScoreReply): number | undefined => s.simMs ?? (s.survivalTime === undefined ? undefined : s.survivalTime * 1000);
const inRange = (v: number, r: { readonly min: number; readonly max: number | null }): boolean => Number.isFinite(v) && v >= r.min && (r.max === null || v <= r.max);

/** Presses or releases a control under the runner's name for it. */
function press(c: RemoteInputClient, control: string, down: boolean): string {
  const button = Object.hasOwn(RUNNER_BUTTONS, control) ? RUNNER_BUTTONS[control]! : undefined;
  if (button !== undefined) {
    c.mouseButton(button, down);
    return `mouse_button ${button}`;
  }
  const key = runnerKeyName(control);
  c.key(key, down);
  return `key ${key}`;
}

/** One game's checks on an open connection. */
class GameCalibrator {
  readonly scores: number[] = [];

  constructor(
    readonly c: RemoteInputClient,
    readonly game: RunnerGame,
    readonly mapWaitMs: number,
    readonly pressMs: number,
  ) {}

  async score(): Promise<ScoreReply> {
    const s = await this.c.getScore();
    this.scores.push(s.score);
    return s;
  }

  /** Opens `map`, waits the map wait, freezes the world. */
  async open(map: string): Promise<void> {
    this.c.console(`open ${map}`);
    await wallWait(this.mapWaitMs);
    this.c.console('slomo 0');
    await this.score();
  }

  /** From a fresh `map`: `control` (if any) held across `pressMs` of running world; the frame and score after. */
  async run(map: string, control?: string): Promise<{ shot: Screenshot; score: ScoreReply; sent: string }> {
    await this.open(map);
    const sent = control === undefined ? '' : press(this.c, control, true);
    this.c.console('slomo 1');
    await wallWait(this.pressMs);
    this.c.console('slomo 0');
    if (control !== undefined) press(this.c, control, false);
    const score = await this.score();
    return { shot: await this.c.screenshot(85), score, sent };
  }

  /** Runs the world a while with the game's first control held (and a quarter turn), so the next map's start differs from now. */
  async disturb(): Promise<void> {
    const first = this.game.controls[0];
    this.c.console('slomo 1');
    if (first !== undefined) press(this.c, first, true);
    if (this.game.mouseAxes.includes('X')) this.c.mouse(RUNNER_UNITS_PER_TURN / 4, 0);
    await wallWait(this.pressMs);
    if (first !== undefined) press(this.c, first, false);
    this.c.console('slomo 0');
    await this.score();
  }
}

/** Calibrates the build at host:port for every benchmark game its maps config names. */
export async function runBuildCalibration(host: string, port: number, options: CalibrationOptions): Promise<CalibrationReport> {
  const games = calibratedGames(options.maps);
  const mapWaitMs = options.mapWaitMs ?? RUNNER_MAP_WAIT_MS;
  const pressMs = options.pressMs ?? 500;
  const run = new CheckRun(options.onResult);
  const report: GameCalibration[] = [];
  let client: RemoteInputClient | undefined;
  await run.check('calibration: connect', async () => {
    client = await RemoteInputClient.connect({ host, port, ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }) });
    await client.getScore();
    return `${host}:${port}; games ${games.map((g) => g.id).join(', ')}`;
  });
  if (client === undefined) {
    run.blocked('the calibration', 'calibration: connect');
    return { endpoint: `${host}:${port}`, settings: { mapWaitMs, pressMs, unitsPerTurn: RUNNER_UNITS_PER_TURN }, games: report, results: run.results };
  }
  try {
    for (const game of games) report.push(await calibrateGame(run, new GameCalibrator(client, game, mapWaitMs, pressMs), runnerMaps(game, options.maps)));
  } finally {
    client.console('slomo 0');
    await client.close();
  }
  return { endpoint: `${host}:${port}`, settings: { mapWaitMs, pressMs, unitsPerTurn: RUNNER_UNITS_PER_TURN }, games: report, results: run.results };
}

async function calibrateGame(run: CheckRun, g: GameCalibrator, maps: Readonly<Record<string, string>>): Promise<GameCalibration> {
  const id = g.game.id;
  const origin = maps.origin!;
  const mapResults: MapCalibration[] = [];
  for (const [variant, map] of Object.entries(maps)) {
    await run.check(`${id} ${variant}: open ${map} changes the frame`, async () => {
      await g.disturb();
      const before = await g.c.screenshot(85);
      await g.open(map);
      const after = await g.c.screenshot(85);
      const difference = await frameDifference(shotFrame(before), shotFrame(after));
      mapResults.push({ variant, map, difference, opened: difference > SAME_PICTURE });
      expectThat(difference > SAME_PICTURE, `the frame is the same ${g.mapWaitMs} ms after 'open ${map}' (difference ${fmt(difference, 2)}): the build did not open the map`);
      return `difference ${fmt(difference, 2)}`;
    });
  }

  let idleNoise: number | null = null;
  const controls: ControlCalibration[] = [];
  let idle: Awaited<ReturnType<GameCalibrator['run']>> | undefined;
  await run.check(`${id}: two idle runs from the map's start`, async () => {
    idle = await g.run(origin);
    const again = await g.run(origin);
    idleNoise = await frameDifference(shotFrame(idle.shot), shotFrame(again.shot));
    return `difference between them ${fmt(idleNoise, 2)} (a control must move the frame further)`;
  });
  for (const control of g.game.controls) {
    const name = `${id}: ${control} changes the frame or the score`;
    if (idle === undefined || idleNoise === null) {
      run.blocked(name, `${id}: two idle runs from the map's start`);
      continue;
    }
    const base = idle;
    const noise: number = idleNoise;
    await run.check(name, async () => {
      const pressed = await g.run(origin, control);
      const difference = await frameDifference(shotFrame(base.shot), shotFrame(pressed.shot));
      // A score read at another game time may differ by the clock alone: it counts only at the same clock.
      const sameClock = clockOf(base.score) === clockOf(pressed.score);
      const scoreChange = sameClock ? pressed.score.score - base.score.score : null;
      const bar = Math.max(SAME_PICTURE, 2 * noise);
      const acts = difference > bar || (scoreChange !== null && scoreChange !== 0);
      controls.push({ control, sent: pressed.sent, frameDifference: difference, scoreChange, acts });
      const detail = `${pressed.sent} for ${g.pressMs} ms: frame difference ${fmt(difference, 2)} (bar ${fmt(bar, 2)}), score change ${scoreChange === null ? 'not comparable (another game clock)' : fmt(scoreChange, 3)}`;
      expectThat(acts, `${detail}: the control does nothing`);
      return detail;
    });
  }

  let turn: GameCalibration['turn'] = null;
  await run.check(`${id}: a look of ${RUNNER_UNITS_PER_TURN} units turns a full circle`, async () => {
    if (!g.game.mouseAxes.includes('X')) skip(`${id} takes no mouse look`);
    await g.open(origin);
    const { c } = g;
    const start = await c.screenshot(85);
    c.mouse(RUNNER_UNITS_PER_TURN / 2, 0);
    const half = await c.screenshot(85);
    c.mouse(RUNNER_UNITS_PER_TURN, 0);
    const full = await c.screenshot(85);
    await g.score();
    const halfDifference = await frameDifference(shotFrame(start), shotFrame(half));
    const fullDifference = await frameDifference(shotFrame(half), shotFrame(full));
    const back = halfDifference > SAME_PICTURE && fullDifference <= Math.max(SAME_PICTURE, halfDifference / 4);
    turn = { halfDifference, fullDifference, back };
    if (halfDifference <= SAME_PICTURE) fail(`a look of ${RUNNER_UNITS_PER_TURN / 2} units left the frame as it was (difference ${fmt(halfDifference, 2)}): the look does nothing`);
    expectThat(back, `after ${RUNNER_UNITS_PER_TURN} more units the frame differs by ${fmt(fullDifference, 2)} from before them (half a turn moved it ${fmt(halfDifference, 2)}): a full turn is not ${RUNNER_UNITS_PER_TURN} units`);
    return `half a turn moved the frame ${fmt(halfDifference, 2)}; a full turn after it came back within ${fmt(fullDifference, 2)}`;
  });

  const range = g.game.score.range;
  const outside = g.scores.filter((s) => !inRange(s, range));
  await run.check(`${id}: get_score in [${range.min}, ${range.max ?? 'inf'}]`, async () => {
    expectThat(g.scores.length > 0, 'no get_score reading was taken');
    expectThat(outside.length === 0, `${outside.length} of ${g.scores.length} readings outside the declared range: ${outside.slice(0, 5).map((s) => fmt(s, 3)).join(', ')}`);
    return `${g.scores.length} readings in ${fmt(Math.min(...g.scores), 3)}..${fmt(Math.max(...g.scores), 3)}`;
  });
  return {
    game: id,
    maps: mapResults,
    idleNoise,
    controls,
    turn,
    scores: { readings: g.scores.length, min: g.scores.length ? Math.min(...g.scores) : null, max: g.scores.length ? Math.max(...g.scores) : null, range, outside },
  };
}
