/** The remote-input driver's settings, resolved from a manifest entry and its `remote-input` launch recipe. */
import type { GameEntry, RemoteInputRecipe } from '../../games-manifest/index.js';
import type { GamepadAxis } from '../../protocol/index.js';
import { defaultAxisName, fkeyMap } from '../remote-input-server/key-map.js';
import type { RemoteInputClientOptions } from './client.js';

export type ProgressField = 'score' | 'survival_time' | 'progress';

export interface RemoteInputDriverOptions {
  readonly host: string;
  /** Port of each slot of the entry, in slot order. */
  readonly ports: readonly number[];
  /** Our control name -> UE FKey. */
  readonly keyMap: ReadonlyMap<string, string>;
  /** Our gamepad axis -> the build's UE axis name, where it is not the default (`LX` -> `Gamepad_LeftX`). */
  readonly axisMap: ReadonlyMap<GamepadAxis, string>;
  /** `mouse` units per degree, per axis. */
  readonly look: { readonly x: number; readonly y: number };
  /** Degrees per `mouse` unit, per axis: when set, units = degrees / this (the benchmark runner's arithmetic, bit for bit). */
  readonly lookDivisor?: { readonly x: number; readonly y: number };
  /** Progress = clamp(field / max, 0, 1), kept as the maximum seen. */
  readonly progress: { readonly field: ProgressField; readonly max: number };
  /** Variant id -> UE map. */
  readonly maps: Readonly<Record<string, string>>;
  readonly jpegQuality: number;
  /** Which score the episode keeps: the largest reading or the last. */
  readonly scoreKeep: 'max' | 'last';
  /** The declared range of a score reading; readings outside it are reported. */
  readonly scoreRange: { readonly min: number; readonly max: number | null } | undefined;
  /** `reset`: a `reset` on a frozen world; `open`: `open <map>` and `mapWaitMs` with the world running. */
  readonly reset: { readonly kind: 'reset' | 'open'; readonly mapWaitMs: number };
  /** Time dilation while advancing. */
  readonly timeScale: number;
  readonly tickMs: number;
  readonly build: string | undefined;
  /** While running freely, how often scores and game over are polled, ms. */
  readonly scoreIntervalMs: number;
  readonly client: Omit<RemoteInputClientOptions, 'host' | 'port'>;
}

/** Driver settings for `entry` played through `recipe`, with defaults filled in. */
export function driverOptions(entry: GameEntry, recipe: RemoteInputRecipe, overrides: Partial<RemoteInputDriverOptions> = {}): RemoteInputDriverOptions {
  return {
    host: recipe.host,
    ports: entry.slots.map((_, i) => recipe.ports?.[i] ?? recipe.basePort + i),
    keyMap: fkeyMap(entry.controls.keys, recipe.keyMap),
    axisMap: new Map((entry.controls.axes ?? []).map((a) => [a, recipe.axisMap?.[a] ?? defaultAxisName(a)])),
    look: recipe.lookUnitsPerDegree ?? { x: 1, y: 1 },
    ...(recipe.lookDegreesPerUnit ? { lookDivisor: recipe.lookDegreesPerUnit } : {}),
    progress: recipe.progress ?? { field: 'score', max: 1 },
    maps: recipe.maps ?? {},
    jpegQuality: recipe.jpegQuality ?? 85,
    scoreKeep: recipe.scoreKeep ?? 'max',
    scoreRange: recipe.scoreRange,
    reset: { kind: recipe.reset ?? 'reset', mapWaitMs: recipe.mapWaitMs ?? 3000 },
    timeScale: recipe.timeScale ?? 1,
    tickMs: recipe.tickMs ?? 16,
    build: recipe.build,
    scoreIntervalMs: 500,
    client: recipe.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: recipe.requestTimeoutMs },
    ...overrides,
  };
}
