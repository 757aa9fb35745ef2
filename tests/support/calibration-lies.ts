/**
 * The RemoteInput emulator as a build that lies to the calibration: our RemoteInput server in front of a
 * reference game, with the builds' look scale and a maps config, and one of four lies: a map the maps config
 * names but the build lacks, a control whose key does nothing, a look scale under which 2057 units are not a
 * full turn, a `get_score` outside the declared range.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveRemoteInput, type GameBackend, type RemoteInputServer } from '../../game-host/index.js';
import { builtinGames, SimulationBackend } from '../../games/index.js';
import { getGame, RUNNER_UNITS_PER_DEGREE } from '../../games-manifest/index.js';
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';

export type CalibrationLie = 'none' | 'missing-map' | 'dead-control' | 'short-turn' | 'score-out-of-range';

/** The control the `dead-control` lie drops, and the variant the `missing-map` lie lacks. */
export const DEAD_CONTROL = 'W';
export const MISSING_VARIANT = 'var2';

/** `inner` with the `dead-control` and `score-out-of-range` lies (every other call passes through). */
function lyingBackend(inner: GameBackend, lie: CalibrationLie): GameBackend {
  const live = (inputs: readonly InputEvent[]): InputEvent[] => inputs.filter((e) => lie !== 'dead-control' || e.type !== 'key' || e.key !== DEAD_CONTROL);
  return new Proxy(inner, {
    get(target, prop) {
      if (prop === 'advance') return (ms: number, inputs: readonly InputEvent[]) => target.advance(ms, live(inputs));
      if (prop === 'input') return (inputs: readonly InputEvent[]) => target.input(live(inputs));
      if (prop === 'progress' && lie === 'score-out-of-range') return (): readonly PlayerProgress[] => target.progress().map((p) => ({ ...p, score: -3 }));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

export interface LyingBuild {
  readonly server: RemoteInputServer;
  readonly port: number;
  /** The maps config (YAML) to calibrate with: origin and var1, plus var2, which only the `missing-map` build lacks. */
  readonly mapsFile: string;
}

/** last_stand served as a build with `lie`, frozen, on a free port. */
export async function startLyingBuild(lie: CalibrationLie): Promise<LyingBuild> {
  const def = builtinGames.find((g) => g.id === 'last_stand')!;
  const variants = getGame('last_stand').variants.map((v) => v.id);
  const served: Record<string, string> = { [variants[0]!]: '/Game/Fixture/LastStand', [variants[1]!]: '/Game/Fixture/LastStand_var1' };
  if (lie !== 'missing-map') served[variants[2]!] = '/Game/Fixture/LastStand_var2';
  const units = lie === 'short-turn' ? 2057 / 300 : RUNNER_UNITS_PER_DEGREE;
  const server = await serveRemoteInput(lyingBackend(new SimulationBackend(def), lie), { port: 0, paused: true, lookScale: { x: units, y: units }, maps: served });
  const dir = mkdtempSync(join(tmpdir(), 'calibration-maps-'));
  const mapsFile = join(dir, 'maps.yaml');
  writeFileSync(mapsFile, ['maps:', '  last_stand: /Game/Fixture/LastStand', '  last_stand_var1: /Game/Fixture/LastStand_var1', `  last_stand_${MISSING_VARIANT}: /Game/Fixture/LastStand_var2`, ''].join('\n'));
  return { server, port: server.ports[0]!, mapsFile };
}
