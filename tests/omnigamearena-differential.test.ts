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
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRunnerAnswer, runnerSaysDone, runnerTimeline, RUNNER_GAMES } from '../games-manifest/index.js';
import { generateCorpus, type CorpusCase } from './support/oga-corpus.js';
import { runnerCheckout, canonical, ordered, readable, wireCalls, type Call } from './support/oga-calls.js';

const { checkout, skipReason } = runnerCheckout('omni_game_arena/adapters/keyboard_mouse_chunked.py');

interface Played {
  readonly empty: boolean;
  readonly done: boolean;
  readonly calls: readonly Call[];
}

function ours(c: CorpusCase): Played & { unsent: readonly number[] } {
  const game = RUNNER_GAMES[c.game]!;
  const parsed = parseRunnerAnswer(c.answer, game);
  if (!parsed.ok) return { empty: parsed.reason === 'EMPTY_ANSWER', done: runnerSaysDone(c.answer, game), calls: [], unsent: [] };
  const t = runnerTimeline(parsed.chunk, game, 0);
  return { empty: false, done: false, calls: wireCalls(c.game, t.inputs), unsent: t.unsent.map((u) => u.at) };
}

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
