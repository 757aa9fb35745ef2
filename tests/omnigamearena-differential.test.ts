/**
 * The benchmark profile against the runner itself: a generated corpus of answers (tests/support/oga-corpus.ts)
 * goes through the runner's own agent, adapter and UE5 client (tests/support/oga-differential.py, run on the
 * checkout ARENA_OGA_CHECKOUT names) and through ours (the runner grammar, its timeline, the RemoteInput
 * driver's wire commands under the profile's recipe), and the two are compared call by call: the same lines
 * at the same game time (a step's presses in any order, as the runner holds them in a Python set), a line
 * the build cannot parse (NaN, Infinity) recorded as unsent by us at the same time, the same empty answers
 * and the same "done". Skipped, with the reason, when no checkout is named.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { encodeRemoteInputLine } from '../protocol/index.js';
import { getGame, parseEnvironment, parseRunnerAnswer, runnerEntry, runnerSaysDone, runnerTimeline, RUNNER_GAMES, type RemoteInputRecipe } from '../games-manifest/index.js';
import { driverOptions, inputCommand } from '../game-host/index.js';
import { generateCorpus, type CorpusCase } from './support/oga-corpus.js';

const checkout = process.env.ARENA_OGA_CHECKOUT;
const python = spawnSync('python3', ['--version']).status === 0;
const skipReason =
  checkout === undefined
    ? 'ARENA_OGA_CHECKOUT names no local checkout of the runner'
    : !existsSync(join(checkout, 'omni_game_arena', 'adapters', 'keyboard_mouse_chunked.py'))
      ? `${checkout} has no omni_game_arena/adapters/keyboard_mouse_chunked.py`
      : !python
        ? 'python3 is not on PATH'
        : undefined;

type Call = readonly [number, string];
interface Played {
  readonly empty: boolean;
  readonly done: boolean;
  readonly calls: readonly Call[];
}

function ours(c: CorpusCase): Played & { unsent: readonly number[] } {
  const game = RUNNER_GAMES[c.game]!;
  const entry = runnerEntry(getGame(c.game), game, parseEnvironment('remote-input://127.0.0.1:12345'), { origin: '/Game/Maps/Test' });
  const options = driverOptions(entry, entry.launch as RemoteInputRecipe);
  const parsed = parseRunnerAnswer(c.answer, game);
  if (!parsed.ok) return { empty: parsed.reason === 'EMPTY_ANSWER', done: runnerSaysDone(c.answer, game), calls: [], unsent: [] };
  const t = runnerTimeline(parsed.chunk, game, 0);
  return { empty: false, done: false, calls: t.inputs.map((e) => [e.at, encodeRemoteInputLine(inputCommand(e, options, true)!).trim()] as const), unsent: t.unsent.map((u) => u.at) };
}

/** Lines grouped by time, each group in one order: the mouse first, then releases, then presses. */
function canonical(calls: readonly Call[]): string[] {
  const rank = (l: Record<string, unknown>): number => (l.type === 'mouse' ? 0 : l.event === 'released' ? 1 : 2);
  // Code-unit order: a collation would take U+FEFF and the like as nothing.
  const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  return calls
    .map(([t, text]) => ({ t, line: JSON.parse(text) as Record<string, unknown> }))
    .sort((a, b) => a.t - b.t || rank(a.line) - rank(b.line) || byText(JSON.stringify(a.line), JSON.stringify(b.line)))
    .map(({ t, line }) => `${t} ${JSON.stringify(line)}`);
}

/** Within each instant the runner's order is mouse, releases, presses; ours must keep it too. */
function ordered(calls: readonly Call[]): boolean {
  const rank = (text: string): number => (text.includes('"mouse"') ? 0 : text.includes('"released"') ? 1 : 2);
  return calls.every(([t, text], i) => i === 0 || calls[i - 1]![0] < t || rank(calls[i - 1]![1]) <= rank(text));
}

const readable = (text: string): boolean => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};

describe.skipIf(skipReason !== undefined)(`the profile against the runner's own adapter${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('sends what the runner sends, call by call, for every answer of the corpus', () => {
    const games = Object.values(RUNNER_GAMES);
    const corpus = generateCorpus(games, 150);
    const cases = corpus.map((c) => ({ game: c.game, chunkSteps: RUNNER_GAMES[c.game]!.chunkSteps, answer: c.answer }));
    const run = spawnSync('python3', [join(import.meta.dirname, 'support', 'oga-differential.py')], { input: JSON.stringify({ checkout, cases }), encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 });
    expect(run.status, run.stderr.slice(-2000)).toBe(0);
    const theirs = (JSON.parse(run.stdout) as { results: Played[] }).results;
    expect(theirs).toHaveLength(corpus.length);
    const mismatches: unknown[] = [];
    let calls = 0;
    let unsent = 0;
    corpus.forEach((c, i) => {
      const runner = theirs[i]!;
      const mine = ours(c);
      const sent = runner.calls.filter(([, text]) => readable(text));
      const dropped = runner.calls.filter(([, text]) => !readable(text)).map(([t]) => t);
      calls += runner.calls.length;
      unsent += dropped.length;
      const same =
        runner.empty === mine.empty &&
        runner.done === mine.done &&
        JSON.stringify(canonical(sent)) === JSON.stringify(canonical(mine.calls)) &&
        JSON.stringify(dropped) === JSON.stringify(mine.unsent) &&
        ordered(runner.calls) &&
        ordered(mine.calls);
      if (!same) mismatches.push({ shape: c.shape, game: c.game, answer: c.answer, runner: { ...runner, calls: canonical(sent), dropped }, ours: { ...mine, calls: canonical(mine.calls) } });
    });
    console.log(`differential: ${corpus.length} answers over ${games.length} games, ${calls} runner calls (${unsent} the build cannot parse), ${mismatches.length} mismatches`);
    if (process.env.ARENA_OGA_DUMP) writeFileSync(process.env.ARENA_OGA_DUMP, JSON.stringify(mismatches, null, 1));
    expect(mismatches.slice(0, 5)).toEqual([]);
    expect(calls).toBeGreaterThan(corpus.length);
    expect(unsent).toBeGreaterThan(0);
  });
});
