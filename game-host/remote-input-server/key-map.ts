/**
 * Names on the RemoteInput wire: our control names (as chunks name them) <-> Unreal Engine FKey names, and
 * the default UE5 map name of a game variant. Shared by the RemoteInput server and the RemoteInput driver.
 */
import { controlKey, type GamepadAxis } from '../../protocol/index.js';

/** The RemoteInput plugin's default port of player 1; player k listens on base + k - 1. */
export const REMOTE_INPUT_BASE_PORT = 12345;

const NAMED: Readonly<Record<string, string>> = {
  space: 'SpaceBar',
  spacebar: 'SpaceBar',
  shift: 'LeftShift',
  lshift: 'LeftShift',
  leftshift: 'LeftShift',
  rshift: 'RightShift',
  rightshift: 'RightShift',
  ctrl: 'LeftControl',
  control: 'LeftControl',
  lctrl: 'LeftControl',
  leftcontrol: 'LeftControl',
  rctrl: 'RightControl',
  alt: 'LeftAlt',
  lalt: 'LeftAlt',
  leftalt: 'LeftAlt',
  tab: 'Tab',
  enter: 'Enter',
  return: 'Enter',
  esc: 'Escape',
  escape: 'Escape',
  backspace: 'BackSpace',
  up: 'Up',
  down: 'Down',
  left: 'Left',
  right: 'Right',
  lmb: 'LeftMouseButton',
  rmb: 'RightMouseButton',
  mmb: 'MiddleMouseButton',
};

const DIGITS = ['Zero', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine'] as const;

/** The UE FKey name of one of our control names: `W` -> `W`, `Space` -> `SpaceBar`, `1` -> `One`, `F3` -> `F3`. */
export function defaultFKey(control: string): string {
  if (/^[a-z]$/i.test(control)) return control.toUpperCase();
  if (/^[0-9]$/.test(control)) return DIGITS[Number(control)]!;
  if (/^f([1-9]|1[0-2])$/i.test(control)) return control.toUpperCase();
  return NAMED[controlKey(control)] ?? control;
}

/** The UE axis names of the gamepad axes, as the benchmark's builds take them in `axis` commands. */
export const UE_GAMEPAD_AXES: Readonly<Record<GamepadAxis, string>> = {
  LX: 'Gamepad_LeftX',
  LY: 'Gamepad_LeftY',
  RX: 'Gamepad_RightX',
  RY: 'Gamepad_RightY',
  LT: 'Gamepad_LeftTriggerAxis',
  RT: 'Gamepad_RightTriggerAxis',
};

/** The UE axis name of one of our gamepad axes: `LX` -> `Gamepad_LeftX`. */
export function defaultAxisName(axis: GamepadAxis): string {
  return UE_GAMEPAD_AXES[axis];
}

/** UE axis name (any case) -> our gamepad axis, for the axes a game declares, with per-game overrides on top. */
export function axisByUeName(axes: readonly GamepadAxis[], overrides: Readonly<Record<string, string>> = {}): Map<string, GamepadAxis> {
  const byName = new Map<string, GamepadAxis>();
  for (const axis of axes) {
    byName.set(controlKey(axis), axis);
    byName.set(controlKey(overrides[axis] ?? defaultAxisName(axis)), axis);
  }
  return byName;
}

/** Our control -> FKey for every key of a control set, with per-game overrides on top. */
export function fkeyMap(keys: readonly string[], overrides: Readonly<Record<string, string>> = {}): Map<string, string> {
  return new Map(keys.map((k) => [k, overrides[k] ?? defaultFKey(k)]));
}

/** FKey (any case) -> our control, the inverse of `fkeyMap`; our own control names are accepted too. */
export function controlByFKey(keys: readonly string[], overrides: Readonly<Record<string, string>> = {}): Map<string, string> {
  const byName = new Map<string, string>();
  for (const [control, fkey] of fkeyMap(keys, overrides)) {
    byName.set(controlKey(control), control);
    byName.set(controlKey(fkey), control);
  }
  return byName;
}

const pascal = (id: string): string =>
  id
    .split(/[^a-z0-9]+/i)
    .filter((p) => p.length > 0)
    .map((p) => p[0]!.toUpperCase() + p.slice(1))
    .join('');

/** The map our RemoteInput server answers to for a variant: `/Game/Maps/LastStand`, `/Game/Maps/LastStand_Ring`. */
export function defaultMapName(gameId: string, variantId: string, firstVariant: boolean): string {
  return firstVariant ? `/Game/Maps/${pascal(gameId)}` : `/Game/Maps/${pascal(gameId)}_${pascal(variantId)}`;
}

/** A map name reduced for comparison: last path segment, letters and digits only, lower case. */
export function mapKey(map: string): string {
  const last = map.split('/').filter((s) => s.length > 0).pop() ?? '';
  return last.replace(/\..*$/, '').replace(/[^a-z0-9]/gi, '').toLowerCase();
}
