/** A match with a game's gamepad: the entry with the axes of its `gamepad` declaration in its control set. */
import { ArenaError, ErrorCode, type GamepadAxis } from '../protocol/index.js';
import type { GameEntry } from './schema.js';

/** The entry played with its gamepad: its axes join `controls.axes`, its words the prompt's controls. BAD_CONFIG if it declares none. */
export function withGamepad(entry: GameEntry): GameEntry {
  const pad = entry.gamepad;
  if (pad === undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, `${entry.id} declares no gamepad; games that do: see arena games --json ("gamepad")`);
  const axes = [...hostAxes(entry)];
  return { ...entry, controls: { ...entry.controls, axes }, prompt: { ...entry.prompt, controls: `${entry.prompt.controls} ${pad.controls}` } };
}

/** The gamepad axes a game's host takes (and its hello lists): its control set's and its gamepad declaration's. */
export function hostAxes(entry: GameEntry): readonly GamepadAxis[] {
  return [...new Set([...(entry.controls.axes ?? []), ...(entry.gamepad?.axes ?? [])])];
}
