/**
 * The game prompt under the runner's rules, composed in the runner's order: the game's own text, its
 * controls, then the output format, which states the runner's grammar (one number per mouse axis the
 * game uses, none for top-down games; N steps of 120 ms; taps pressed at the end of their step).
 */
import { ACTION_END, ACTION_START } from '../../protocol/index.js';
import type { GameEntry } from '../schema.js';
import { RUNNER_STEP_MS, RUNNER_TAP_MS, type RunnerGame } from './games.js';

/** The output-format section for `game`. */
export function runnerFormatText(game: RunnerGame): string {
  const head = game.mouseAxes.length === 0 ? '' : `${game.mouseAxes.join(' ')} ; `;
  const steps = Array.from({ length: game.chunkSteps }, (_, i) => `keys${i + 1}`).join(' ; ');
  const mouse =
    game.mouseAxes.length === 0
      ? 'This game has no mouse movement: start directly with the first step.'
      : `Start with ${game.mouseAxes.length === 1 ? 'one number' : 'two numbers'}: ${game.mouseAxes.map((a) => (a === 'X' ? 'X, the horizontal turn in degrees (positive turns right)' : 'Y, the vertical turn in degrees (positive looks up)')).join(', then ')}.`;
  const taps = game.taps.length === 0 ? '' : ` ${game.taps.join(', ')} ${game.taps.length > 1 ? 'are' : 'is'} pressed briefly (${RUNNER_TAP_MS} ms) at the end of each step that names ${game.taps.length > 1 ? 'them' : 'it'}.`;
  return [
    'Output format',
    `${ACTION_START}${head}${steps}${ACTION_END}`,
    mouse,
    `Then ${game.chunkSteps} groups separated by ';', one per ${RUNNER_STEP_MS} ms step: the keys held together during that step, separated by spaces; a key repeated in consecutive groups stays held; an empty group holds nothing.${taps}`,
    'Write at most one sentence of plan, then the action string on its own line.',
  ].join('\n');
}

/** The system prompt's game part under the profile: the game's text, its controls, the runner's format. */
export function runnerGamePrompt(entry: GameEntry, game: RunnerGame): string {
  return [`${entry.prompt.rules}\n${entry.prompt.screen}`, `Available controls\n${game.controls.join(', ')}: ${entry.prompt.controls}`, runnerFormatText(game)].join('\n\n');
}
