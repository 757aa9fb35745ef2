/**
 * Controls and timed input: what a player may press, and the input schedule the gateway sends a game.
 * Keys are named as players name them (`W`, `Space`, `F`); mouse buttons as `LMB`, `RMB`, `MMB` in
 * chunks and as `left`, `right`, `middle` on the wire; mouse-look moves are in degrees; gamepad axes as
 * `LX`, `LY`, `RX`, `RY` (sticks, in [-1, 1], right and up positive) and `LT`, `RT` (triggers, in [0, 1]).
 */
import { z } from 'zod';
import { Limits } from './limits.js';

const Name = z.string().min(1).max(Limits.maxNameLength);

/** Longest move text a turn-based game is sent. */
export const MAX_MOVE_LENGTH = 32;

export const MouseButton = z.enum(['left', 'right', 'middle']);
export type MouseButton = z.infer<typeof MouseButton>;

/** Chunk tokens for mouse buttons, mapped to their wire names. */
export const BUTTON_TOKENS = { LMB: 'left', RMB: 'right', MMB: 'middle' } as const satisfies Record<string, MouseButton>;
export type ButtonToken = keyof typeof BUTTON_TOKENS;

/**
 * The one case rule for control names: `w`, `W` and `w` name the same key, and `space` is `Space`. Every
 * comparison of control names (chunk parser, GameLink server, games) goes through this key.
 */
export function controlKey(name: string): string {
  return name.toLowerCase();
}

/** The control set's own spelling of `name` under the case rule, or undefined when `name` is none of `names`. */
export function canonicalControl(name: string, names: readonly string[]): string | undefined {
  const key = controlKey(name);
  return names.find((n) => controlKey(n) === key);
}

/** The wire names of a control set's mouse buttons (`LMB` -> `left`). */
export function wireButtons(buttons: readonly ButtonToken[]): MouseButton[] {
  return buttons.map((b) => BUTTON_TOKENS[b]);
}

export const MouseAxis = z.enum(['x', 'y']);
export type MouseAxis = z.infer<typeof MouseAxis>;

/** Gamepad axes: left and right stick x (right positive) and y (up positive), left and right trigger. */
export const GamepadAxis = z.enum(['LX', 'LY', 'RX', 'RY', 'LT', 'RT']);
export type GamepadAxis = z.infer<typeof GamepadAxis>;

/** The values an axis takes: [-1, 1] for a stick, [0, 1] for a trigger; 0 is the axis at rest. */
export function axisRange(axis: GamepadAxis): { readonly min: number; readonly max: number } {
  return axis === 'LT' || axis === 'RT' ? { min: 0, max: 1 } : { min: -1, max: 1 };
}

/** The gamepad axis `name` names (any case), or undefined. */
export function gamepadAxis(name: string): GamepadAxis | undefined {
  const upper = name.toUpperCase();
  return GamepadAxis.options.find((a) => a === upper);
}

/** The controls a game accepts and how a chunk of them is timed. */
export const ControlSet = z.strictObject({
  /** Keys a player may hold, as named in chunks (`W`, `Space`, `F`). */
  keys: z.array(Name).max(Limits.maxControls),
  /** Mouse buttons a player may press, as chunk tokens. */
  buttons: z.array(z.enum(['LMB', 'RMB', 'MMB'])).max(3),
  /** Controls that are tapped (held `tapMs`) rather than held for a whole step. */
  tapControls: z.array(Name).max(Limits.maxControls),
  /** Mouse-look axes a chunk may move; `x` turns (yaw), `y` tilts (pitch). */
  mouseAxes: z.array(MouseAxis).max(2),
  /** Gamepad axes a chunk may hold (absent or empty: the game takes none). */
  axes: z.array(GamepadAxis).max(GamepadAxis.options.length).optional(),
  /** Largest mouse-look move per chunk and axis, degrees. */
  maxLookDeg: z.number().positive().max(360),
  /** Steps per chunk the game's prompt asks for. */
  chunkSteps: z.number().int().min(1).max(64),
  /** Game time one step holds its keys, ms. */
  stepMs: z.number().int().min(1).max(10_000),
  /** Game time a tap control is held, ms. */
  tapMs: z.number().int().min(1).max(1_000),
  /** Turn-based games: the answer is one move in the game's notation instead of held controls. */
  move: z.strictObject({ notation: z.string().min(1).max(1000), example: Name }).optional(),
});
export type ControlSet = z.infer<typeof ControlSet>;

const At = z.number().min(0).max(Limits.maxAdvanceMs);
const Slot = z.number().int().min(0).max(Limits.maxSlots - 1);

/** One timed input: `at` is ms of game time from the start of the advance that carries it. */
export const InputEvent = z.discriminatedUnion('type', [
  // A key name as sent: a control's name, or (the benchmark profile) any token a model wrote, bounded by an answer's length.
  z.strictObject({ type: z.literal('key'), at: At, slot: Slot, key: z.string().min(1).max(Limits.maxTextLength), down: z.boolean() }),
  z.strictObject({ type: z.literal('button'), at: At, slot: Slot, button: MouseButton, down: z.boolean() }),
  z.strictObject({
    type: z.literal('look'),
    at: At,
    slot: Slot,
    // Any finite turn: our grammar bounds a chunk's look by `maxLookDeg`; the benchmark profile sends what the model wrote.
    dx: z.number().finite(),
    dy: z.number().finite(),
  }),
  /** Sets a gamepad axis to `value` (held until the next `axis` event for it; 0 is at rest). */
  z
    .strictObject({ type: z.literal('axis'), at: At, slot: Slot, axis: GamepadAxis, value: z.number().min(-1).max(1) })
    .refine((e) => e.value >= axisRange(e.axis).min, { message: 'a trigger axis takes values in [0, 1]', path: ['value'] }),
  /** A move of a turn-based game, as the player wrote it; the game parses it against its notation. */
  z.strictObject({ type: z.literal('move'), at: At, slot: Slot, move: z.string().max(MAX_MOVE_LENGTH) }),
]);
export type InputEvent = z.infer<typeof InputEvent>;

export const InputSchedule = z.array(InputEvent).max(Limits.maxInputEvents);
export type InputSchedule = z.infer<typeof InputSchedule>;
