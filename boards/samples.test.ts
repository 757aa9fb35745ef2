import { describe, expect, it } from 'vitest';
import { boardTasks } from '../games/index.js';
import { randomAnswerer } from './answerers.js';
import { readLetter } from './choice.js';
import { runOffline, scoreAnswer } from './offline.js';
import { makeSamples } from './samples.js';

const GAMES = Object.keys(boardTasks);

describe('offline task samples', () => {
  it.each(GAMES)('%s: the same seed gives the same samples, another seed others', (game) => {
    for (const task of ['perceive', 'qa', 'rule'] as const) {
      const a = makeSamples(task, game, 3, 5, 160, 90);
      const b = makeSamples(task, game, 3, 5, 160, 90);
      expect(a.map((s) => [s.truth, s.choice, s.position && JSON.stringify(boardTasks[game]!.matrix(s.position))])).toEqual(b.map((s) => [s.truth, s.choice, s.position && JSON.stringify(boardTasks[game]!.matrix(s.position))]));
      expect(Buffer.from(a[0]!.rgb).equals(Buffer.from(b[0]!.rgb))).toBe(true);
      const c = makeSamples(task, game, 3, 6, 160, 90);
      expect(a.map((s) => JSON.stringify(boardTasks[game]!.matrix(s.position)))).not.toEqual(c.map((s) => JSON.stringify(boardTasks[game]!.matrix(s.position))));
    }
  });

  it.each(GAMES)('%s: rule positions have legal moves that the game accepts, and QA has four distinct options', (game) => {
    const tasks = boardTasks[game]!;
    for (const s of makeSamples('rule', game, 4, 1, 64, 36)) {
      const legal = tasks.legalMoves(s.position);
      expect(legal.length).toBeGreaterThan(0);
      expect(scoreAnswer('rule', game, s, `<|action_start|>${legal[0]}<|action_end|>`).score).toBe(1);
    }
    for (const s of makeSamples('qa', game, 4, 1, 64, 36)) {
      expect(new Set(s.choice!.options).size).toBe(4);
      expect(scoreAnswer('qa', game, s, `<|action_start|>${s.choice!.answer}<|action_end|>`).score).toBe(1);
    }
  });

  it.each(GAMES)('%s: QA asks about shapes too (lines, blocks, groups, regions, boxes)', (game) => {
    const texts = makeSamples('qa', game, 40, 1, 16, 9).map((s) => s.choice!.text.split('\n')[0]!);
    expect(texts.some((t) => /shape|line|2x2 block|region|box|kings/.test(t))).toBe(true);
    expect(texts.some((t) => !/shape|line|2x2 block|region|box|kings/.test(t))).toBe(true);
  });

  it('the random baselines are computed by the same scorers and are deterministic', async () => {
    const perceive = await runOffline('perceive', 'tic_tac_toe', 30, 1, randomAnswerer('perceive', 'tic_tac_toe', 1));
    expect(perceive.score).toBeGreaterThan(0.15);
    expect(perceive.score).toBeLessThan(0.55);
    expect((await runOffline('perceive', 'tic_tac_toe', 30, 1, randomAnswerer('perceive', 'tic_tac_toe', 1))).score).toBe(perceive.score);
    const qa = await runOffline('qa', 'reversi', 40, 1, randomAnswerer('qa', 'reversi', 1));
    expect(qa.results.every((r) => readLetter(r.answer) !== undefined)).toBe(true);
    const rule = await runOffline('rule', 'reversi', 40, 1, randomAnswerer('rule', 'reversi', 1));
    // A random cell is rarely a legal reversi move (the paper's random baseline is 0.127).
    expect(rule.score).toBeLessThan(0.3);
    expect(rule.results.find((r) => r.score === 0)?.reason).toMatch(/^(OCCUPIED|ILLEGAL)/);
  });

  it('scores an unreadable QA or rule answer 0 with a reason', () => {
    const [qa] = makeSamples('qa', 'sudoku', 1, 1, 64, 36);
    expect(scoreAnswer('qa', 'sudoku', qa!, 'The answer is B')?.reason).toMatch(/^NO_LETTER/);
    expect(scoreAnswer('qa', 'sudoku', qa!, '<|action_start|>B or C<|action_end|>').score).toBe(0);
    const [rule] = makeSamples('rule', 'chess', 1, 1, 64, 36);
    expect(scoreAnswer('rule', 'chess', rule!, 'e2e4')).toMatchObject({ score: 0 });
    expect(scoreAnswer('rule', 'chess', rule!, 'e2e4').reason).toMatch(/^NO_ACTION/);
    expect(scoreAnswer('rule', 'chess', rule!, '<|action_start|>e2 e4<|action_end|>')?.reason).toMatch(/^MALFORMED/);
  });
});
