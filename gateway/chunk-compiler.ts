/**
 * Compiles an action chunk into a timed input schedule against game time: held controls are pressed once
 * and held across consecutive steps, tap controls are held `tapMs` at the start of each step that names
 * them, the mouse-look move happens at the chunk's start, and everything still held is released at the end.
 * Gamepad axes are set like held keys: at the start of each step whose value differs from the last one
 * (an axis a step leaves out goes back to 0), and back to 0 at the chunk's end.
 */
import { BUTTON_TOKENS, declaredAxes, GamepadAxis, type ActionChunk, type ButtonToken, type ControlSet, type InputEvent } from '../protocol/index.js';

export interface CompiledChunk {
  /** Inputs with `at` relative to the chunk's start, ms, sorted by time. */
  readonly inputs: readonly InputEvent[];
  /** Game time the chunk lasts: steps x stepMs. */
  readonly durationMs: number;
  /** Inputs the chunk asked for that the game cannot take (the benchmark profile's non-finite moves), recorded instead of sent. */
  readonly unsent?: readonly { readonly at: number; readonly what: string; readonly why: string }[];
}

function press(slot: number, control: string, at: number, down: boolean): InputEvent {
  const button = (BUTTON_TOKENS as Record<string, (typeof BUTTON_TOKENS)[ButtonToken] | undefined>)[control];
  return button === undefined ? { type: 'key', at, slot, key: control, down } : { type: 'button', at, slot, button, down };
}

export function compileChunk(chunk: ActionChunk, controls: ControlSet, slot: number): CompiledChunk {
  const { stepMs, tapMs } = controls;
  const taps = new Set(controls.tapControls);
  const inputs: InputEvent[] = [];
  if (chunk.look.dx !== 0 || chunk.look.dy !== 0) inputs.push({ type: 'look', at: 0, slot, dx: chunk.look.dx, dy: chunk.look.dy });
  let held = new Set<string>();
  chunk.steps.forEach((step, k) => {
    const start = k * stepMs;
    const wanted = new Set(step.filter((c) => !taps.has(c)));
    for (const c of held) if (!wanted.has(c)) inputs.push(press(slot, c, start, false));
    for (const c of wanted) if (!held.has(c)) inputs.push(press(slot, c, start, true));
    held = wanted;
    for (const c of step) {
      if (!taps.has(c)) continue;
      inputs.push(press(slot, c, start, true), press(slot, c, start + Math.min(tapMs, stepMs), false));
    }
  });
  const axes = axisInputs(chunk, stepMs, slot);
  inputs.push(...axes.inputs);
  // A turn-based game hears every decision as a move; an invalid answer is an empty one, which the game refuses.
  if (controls.move !== undefined) inputs.push({ type: 'move', at: 0, slot, move: chunk.move ?? '' });
  const durationMs = chunk.steps.length * stepMs;
  for (const c of held) inputs.push(press(slot, c, durationMs, false));
  for (const axis of axes.left) inputs.push({ type: 'axis', at: durationMs, slot, axis, value: 0 });
  return { inputs: inputs.map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map((x) => x.e), durationMs };
}

/**
 * The axis settings of a chunk, each at the start of the step that changes it (steps of `stepMs`), and the
 * axes left off rest at its end, in `GamepadAxis` order. Shared with the benchmark profile's timeline.
 */
export function axisInputs(chunk: ActionChunk, stepMs: number, slot: number): { readonly inputs: InputEvent[]; readonly left: GamepadAxis[] } {
  const inputs: InputEvent[] = [];
  const value = new Map<GamepadAxis, number>();
  if (chunk.axes === undefined) return { inputs, left: [] };
  chunk.steps.forEach((_, k) => {
    const step = chunk.axes?.[k] ?? {};
    for (const axis of GamepadAxis.options) {
      const next = step[axis] ?? 0;
      if (next !== (value.get(axis) ?? 0)) inputs.push({ type: 'axis', at: k * stepMs, slot, axis, value: next });
      value.set(axis, next);
    }
  });
  return { inputs, left: GamepadAxis.options.filter((a) => (value.get(a) ?? 0) !== 0) };
}

/** Adds a chunk's axis settings to a schedule compiled by other rules (the benchmark profile's timeline); the same schedule when it has none. */
export function withAxes(compiled: CompiledChunk, chunk: ActionChunk, stepMs: number, slot: number): CompiledChunk {
  const axes = axisInputs(chunk, stepMs, slot);
  if (axes.inputs.length === 0) return compiled;
  const rest = axes.left.map((axis): InputEvent => ({ type: 'axis', at: compiled.durationMs, slot, axis, value: 0 }));
  const inputs = [...compiled.inputs, ...axes.inputs, ...rest].map((e, i) => ({ e, i })).sort((a, b) => a.e.at - b.e.at || a.i - b.i).map((x) => x.e);
  return { ...compiled, inputs };
}

/** Shifts a schedule by `offsetMs` (to place a chunk at its start within a longer advance). */
export function shiftInputs(inputs: readonly InputEvent[], offsetMs: number): InputEvent[] {
  return inputs.map((e) => ({ ...e, at: e.at + offsetMs }));
}

/** Releases for every key and button a schedule leaves held (used when an agent vanishes mid-chunk). */
export function releaseAll(controls: ControlSet, slot: number, at = 0): InputEvent[] {
  const rest = declaredAxes(controls).map((axis): InputEvent => ({ type: 'axis', at, slot, axis, value: 0 }));
  return [...[...controls.keys, ...controls.buttons].map((c) => press(slot, c, at, false)), ...rest];
}
