/**
 * The runner's calls as the differential tests compare them: [game ms, wire line] pairs, grouped by instant
 * (the runner holds a step's presses in a Python set, so within one instant only the kinds keep an order).
 */

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { encodeRemoteInputLine, type InputEvent } from '../../protocol/index.js';
import { getGame, parseEnvironment, runnerEntry, RUNNER_GAMES, type RemoteInputRecipe } from '../../games-manifest/index.js';
import { driverOptions, inputCommand } from '../../game-host/index.js';

/** One line a build received, at its game time, ms. */
export type Call = readonly [number, string];

/** Lines grouped by time, each group in one order: the mouse first, then releases, then presses. */
export function canonical(calls: readonly Call[]): string[] {
  const rank = (l: Record<string, unknown>): number => (l.type === 'mouse' ? 0 : l.event === 'released' ? 1 : 2);
  // Code-unit order: a collation would take U+FEFF and the like as nothing.
  const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return calls
    .map(([t, text]) => ({ t, line: JSON.parse(text) as Record<string, unknown> }))
    .sort((a, b) => a.t - b.t || rank(a.line) - rank(b.line) || byText(JSON.stringify(a.line), JSON.stringify(b.line)))
    .map(({ t, line }) => `${t} ${JSON.stringify(line)}`);
}

/** Within each instant the runner's order is mouse, releases, presses; ours must keep it too. */
export function ordered(calls: readonly Call[]): boolean {
  const rank = (text: string): number => (text.includes('"mouse"') ? 0 : text.includes('"released"') ? 1 : 2);
  return calls.every(([t, text], i) => i === 0 || calls[i - 1]![0] < t || rank(calls[i - 1]![1]) <= rank(text));
}

export const readable = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};


/** What a build under the profile receives for `inputs` of `game` (the RemoteInput driver's lines), at their times plus `offsetMs`. */
export function wireCalls(game: string, inputs: readonly InputEvent[], offsetMs = 0): Call[] {
  const entry = runnerEntry(getGame(game), RUNNER_GAMES[game]!, parseEnvironment('remote-input://127.0.0.1:12345'), { origin: '/Game/Maps/Test' });
  const options = driverOptions(entry, entry.launch as RemoteInputRecipe);
  return inputs.map((e) => [e.at + offsetMs, encodeRemoteInputLine(inputCommand(e, options, true)!).trim()] as const);
}

/** The runner checkout ARENA_OGA_CHECKOUT names, and why a differential test must skip (no checkout, no `file` in it, no python3). */
export function runnerCheckout(file: string): { readonly checkout: string | undefined; readonly skipReason: string | undefined } {
  const checkout = process.env.ARENA_OGA_CHECKOUT;
  const skipReason =
    checkout === undefined
      ? 'ARENA_OGA_CHECKOUT names no local checkout of the runner'
      : !existsSync(join(checkout, file))
        ? `${checkout} has no ${file}`
        : spawnSync('python3', ['--version']).status !== 0
          ? 'python3 is not on PATH'
          : undefined;
  return { checkout, skipReason };
}
