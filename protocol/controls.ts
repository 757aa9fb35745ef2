/**
 * Controls and timed input: what a player may press, and the input schedule the gateway sends a game.
 * Keys are named as players name them (`W`, `Space`, `F`); mouse buttons as `LMB`, `RMB`, `MMB` in
 * chunks and as `left`, `right`, `middle` on the wire; mouse-look moves are in degrees.
 */
import { z } from 'zod';
import { Limits } from './limits.js';

const Name = z.string().min(1).max(Limits.maxNameLength);

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
  /** Largest mouse-look move per chunk and axis, degrees. */
  maxLookDeg: z.number().positive().max(360),
  /** Steps per chunk the game's prompt asks for. */
  chunkSteps: z.number().int().min(1).max(64),
  /** Game time one step holds its keys, ms. */
  stepMs: z.number().int().min(1).max(10_000),
  /** Game time a tap control is held, ms. */
  tapMs: z.number().int().min(1).max(1_000),
});
export type ControlSet = z.infer<typeof ControlSet>;

const At = z.number().min(0).max(Limits.maxAdvanceMs);
const Slot = z.number().int().min(0).max(Limits.maxSlots - 1);

/** One timed input: `at` is ms of game time from the start of the advance that carries it. */
export const InputEvent = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('key'), at: At, slot: Slot, key: Name, down: z.boolean() }),
  z.strictObject({ type: z.literal('button'), at: At, slot: Slot, button: MouseButton, down: z.boolean() }),
  z.strictObject({
    type: z.literal('look'),
    at: At,
    slot: Slot,
    dx: z.number().min(-360).max(360),
    dy: z.number().min(-360).max(360),
  }),
]);
export type InputEvent = z.infer<typeof InputEvent>;

export const InputSchedule = z.array(InputEvent).max(Limits.maxInputEvents);
export type InputSchedule = z.infer<typeof InputSchedule>;
