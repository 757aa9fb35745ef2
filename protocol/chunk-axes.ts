/**
 * Gamepad axes in an action chunk: what a step holds on each axis, written `LX=0.6` among a step's keys in
 * the chunk text (and in the JSON form's step lists), or as one `{axis: value}` map per step in a chunk an
 * agent builds. Only games whose control set declares axes read such tokens; elsewhere a token with `=` is
 * an unknown control, as it always was.
 */
import { axisRange, GamepadAxis, gamepadAxis, type ControlSet } from './controls.js';

/** What one step holds on each axis it names; an axis a step leaves out is at rest (0). */
export type StepAxes = Readonly<Partial<Record<GamepadAxis, number>>>;

/** Why axis settings were refused: the reasons of an invalid chunk. */
export interface AxisFailure {
  readonly ok: false;
  readonly reason: 'MALFORMED' | 'BAD_CONTROL' | 'BAD_AXIS';
  readonly detail: string;
}

const AXIS_TOKEN = /^([^=]*)=(.*)$/;
const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

/** The axes a control set declares (none when it has no `axes`). */
export function declaredAxes(controls: ControlSet): readonly GamepadAxis[] {
  return controls.axes ?? [];
}

/** Whether `token` is an axis setting for this game: it declares axes and the token has an `=`. */
export function isAxisToken(token: string, controls: ControlSet): boolean {
  return declaredAxes(controls).length > 0 && token.includes('=');
}

const fail = (reason: AxisFailure['reason'], detail: string): AxisFailure => ({ ok: false, reason, detail });

/** Checks one axis setting against the game's axes and the axis's range; returns the canonical axis. */
export function checkAxis(name: string, value: unknown, controls: ControlSet): { readonly ok: true; readonly axis: GamepadAxis; readonly value: number } | AxisFailure {
  const axes = declaredAxes(controls);
  const axis = gamepadAxis(name);
  if (axis === undefined || !axes.includes(axis)) {
    const known = axes.length > 0 ? axes.join(', ') : 'none';
    return fail('BAD_CONTROL', `'${name.slice(0, 32)}' is not a gamepad axis of this game (its axes: ${known})`);
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return fail('MALFORMED', `axis ${axis} needs a number`);
  const { min, max } = axisRange(axis);
  if (value < min || value > max) return fail('BAD_AXIS', `axis ${axis} takes values in [${min}, ${max}], not ${value}`);
  return { ok: true, axis, value };
}

/** Parses `LX=0.6` into its axis and value, checked against the game. */
export function parseAxisToken(token: string, controls: ControlSet): { readonly ok: true; readonly axis: GamepadAxis; readonly value: number } | AxisFailure {
  const m = AXIS_TOKEN.exec(token);
  const [name, text] = [m?.[1] ?? '', m?.[2] ?? ''];
  if (!NUMBER.test(text)) return fail('MALFORMED', `'${token.slice(0, 32)}': an axis is written AXIS=VALUE, like LX=0.5`);
  return checkAxis(name, Number(text), controls);
}

/** Adds one checked setting to a step's axes; an axis set twice in one step is refused. */
export function setStepAxis(step: Partial<Record<GamepadAxis, number>>, axis: GamepadAxis, value: number): AxisFailure | undefined {
  if (step[axis] !== undefined) return fail('BAD_AXIS', `axis ${axis} is set twice in one step`);
  step[axis] = value;
  return undefined;
}

/**
 * Checks the per-step axis maps of a chunk an agent built: at most one map per step, each naming declared
 * axes with values in range. Returns the maps padded to the step count, or undefined when none names an axis.
 */
export function checkStepAxes(raw: unknown, stepCount: number, controls: ControlSet): { readonly ok: true; readonly axes: StepAxes[] | undefined } | AxisFailure {
  if (raw === undefined) return { ok: true, axes: undefined };
  if (!Array.isArray(raw) || !raw.every((m) => typeof m === 'object' && m !== null && !Array.isArray(m))) {
    return fail('MALFORMED', '"axes" must be a list of {axis: value} maps, one per step');
  }
  if (raw.length > stepCount) return fail('MALFORMED', `"axes" has ${raw.length} maps for ${stepCount} steps`);
  const out: Partial<Record<GamepadAxis, number>>[] = Array.from({ length: stepCount }, () => ({}));
  for (const [k, map] of (raw as Record<string, unknown>[]).entries()) {
    for (const [name, value] of Object.entries(map)) {
      const checked = checkAxis(name, value, controls);
      if (!checked.ok) return checked;
      const twice = setStepAxis(out[k]!, checked.axis, checked.value);
      if (twice) return twice;
    }
  }
  return { ok: true, axes: normaliseAxes(out) };
}

/** Step axis maps as a chunk keeps them: undefined when no step names an axis. */
export function normaliseAxes(axes: readonly StepAxes[]): StepAxes[] | undefined {
  return axes.some((m) => Object.keys(m).length > 0) ? [...axes] : undefined;
}

/** A step's axis settings as chunk tokens, in the declared order of `GamepadAxis`: `LX=0.5 LY=-1`. */
export function axisTokens(step: StepAxes | undefined): string[] {
  if (step === undefined) return [];
  return GamepadAxis.options.filter((a) => step[a] !== undefined).map((a) => `${a}=${step[a]!}`);
}
