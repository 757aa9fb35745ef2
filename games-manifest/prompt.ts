/** The game's part of a model player's prompt: rules, screen, controls and the action format. */
import { ACTION_END, ACTION_START, axisRange, type GamepadAxis } from '../protocol/index.js';
import type { GameEntry } from './schema.js';

/** Describes the chunk format for this game's control set, with a legal example. */
export function actionFormatText(entry: GameEntry): string {
  const c = entry.controls;
  if (c.move !== undefined) {
    return [
      `Answer with exactly one move: ${ACTION_START}MOVE${ACTION_END}`,
      `Moves are written ${c.move.notation}`,
      `Example: ${ACTION_START}${c.move.example}${ACTION_END}`,
      'A move that cannot be read or is not legal counts as invalid; three invalid moves lose the game.',
    ].join('\n');
  }
  const controls = [...c.keys, ...c.buttons];
  const axes = c.mouseAxes.length === 0 ? 'This game takes no mouse movement: X and Y must be 0.' : `Mouse axes you may move: ${c.mouseAxes.join(', ')} (at most ${c.maxLookDeg} degrees each).`;
  const taps = c.tapControls.length > 0 ? ` ${c.tapControls.join(', ')} ${c.tapControls.length > 1 ? 'are taps' : 'is a tap'} (pressed briefly at the start of its step).` : '';
  const exampleStep = controls.slice(0, 2).join(' ');
  const example = `${ACTION_START}${c.mouseAxes.includes('x') ? '15' : '0'} 0 0 ; ${Array.from({ length: Math.min(3, c.chunkSteps) }, (_, i) => (i === 1 ? (controls[0] ?? '') : exampleStep)).join(' ; ')} ${ACTION_END}`;
  return [
    `Answer with one action chunk: ${ACTION_START}X Y Z ; step1 ; step2 ; ... ${ACTION_END}`,
    `X turns the view horizontally and Y vertically, in degrees (positive X = right, positive Y = up); Z is always 0.`,
    `Then up to ${c.chunkSteps} steps separated by ';'. Each step lasts ${c.stepMs} ms and lists the controls held during it, separated by spaces; an empty step holds nothing.${taps}`,
    `Controls: ${controls.join(', ')}. ${axes}`,
    ...gamepadText(c.axes ?? []),
    `Example: ${example}`,
  ].join('\n');
}

/** The prompt's line on gamepad axes, for a game that declares some (none otherwise, so other prompts stay as they are). */
function gamepadText(axes: readonly GamepadAxis[]): string[] {
  if (axes.length === 0) return [];
  const sticks = axes.filter((a) => axisRange(a).min < 0);
  const triggers = axes.filter((a) => axisRange(a).min >= 0);
  const kinds = [
    ...(sticks.length > 0 ? [`${sticks.join(', ')} (stick axes, -1 to 1; X positive = right, Y positive = up)`] : []),
    ...(triggers.length > 0 ? [`${triggers.join(', ')} (triggers, 0 to 1)`] : []),
  ];
  return [`Gamepad axes a step may hold, written AXIS=VALUE among its controls (like ${axes[0]!}=0.5): ${kinds.join('; ')}. An axis a step leaves out is at rest (0).`];
}

/** The full game prompt a model player receives as its system prompt's game section. */
export function composeGamePrompt(entry: GameEntry): string {
  return [
    `You are playing "${entry.name}".`,
    `Rules: ${entry.prompt.rules}`,
    `On screen: ${entry.prompt.screen}`,
    `Controls: ${entry.prompt.controls}`,
    actionFormatText(entry),
  ].join('\n\n');
}
