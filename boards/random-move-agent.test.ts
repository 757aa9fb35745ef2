import { afterAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { randomMoves } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import { parseMoveAnswer, type Agent, type Decision, type Observation } from '../protocol/index.js';
import { readRun, tempRunsDir } from '../tests/support/run-dir.js';

const runs = tempRunsDir();
afterAll(() => runs.cleanup());

const OBSERVATION = { slot: 0, step: 0, simMs: 0, frame: { seq: 0, width: 1, height: 1, encoding: 'rgb', data: new Uint8Array(3) }, progress: 0 } as unknown as Observation;

/** `n` moves the `random` agent answers on `game` in `variant`. */
async function moves(game: string, variant: string, n: number): Promise<string[]> {
  const agent = createAgent('random', { game, seed: 4, randomMoves });
  await agent.start({ matchId: 'm', game, variant, slot: 0, team: 0, controls: getGame(game).controls, gamePrompt: '', stepBudget: n });
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const d: Decision = await agent.decide(OBSERVATION, new AbortController().signal);
    expect(d.kind).toBe('answer');
    const parsed = parseMoveAnswer(d.kind === 'answer' ? d.answer : '');
    if (!parsed.ok) throw new Error(parsed.detail);
    out.push(parsed.chunk.move);
  }
  await agent.close();
  return out;
}

const cells = (cols: string, rows: number): string[] => [...cols].flatMap((c) => Array.from({ length: rows }, (_, r) => `${c}${r + 1}`));

describe('the random agent on a board', () => {
  it('draws cells uniformly over the variant board, in the game notation', async () => {
    const six = await moves('reversi', 'six', 400);
    expect(new Set(six)).toEqual(new Set(cells('abcdef', 6)));
    const wide = await moves('minesweeper', 'wide', 600);
    expect(new Set(wide)).toEqual(new Set(cells('abcdefghijkl', 8)));
    expect(new Set(await moves('tic_tac_toe', 'origin', 100))).toEqual(new Set(cells('abc', 3)));
    const mini = await moves('sudoku', 'mini', 200);
    expect(mini.every((m) => /^[a-d][1-4]=[1-4]$/.test(m))).toBe(true);
    expect(new Set(mini.map((m) => m.slice(-1)))).toEqual(new Set(['1', '2', '3', '4']));
  });

  it('draws chess moves as random from-to square pairs, the same for the same seed', async () => {
    const chess = await moves('chess', 'origin', 50);
    expect(chess.every((m) => /^[a-h][1-8][a-h][1-8]$/.test(m))).toBe(true);
    expect(new Set(chess).size).toBeGreaterThan(40);
    expect(await moves('chess', 'origin', 50)).toEqual(chess);
  });

  it('still presses random controls in a game without moves, and sends a board no move without the move space', async () => {
    const agent: Agent = createAgent('random', { game: 'last_stand', seed: 4, randomMoves });
    await agent.start({ matchId: 'm', game: 'last_stand', variant: 'origin', slot: 0, team: 0, controls: getGame('last_stand').controls, gamePrompt: '', stepBudget: 1 });
    expect((await agent.decide(OBSERVATION, new AbortController().signal)).kind).toBe('chunk');
    const bare = createAgent('random', { game: 'tic_tac_toe', seed: 4 });
    await bare.start({ matchId: 'm', game: 'tic_tac_toe', variant: 'origin', slot: 0, team: 0, controls: getGame('tic_tac_toe').controls, gamePrompt: '', stepBudget: 1 });
    expect(await bare.decide(OBSERVATION, new AbortController().signal)).toMatchObject({ kind: 'chunk', chunk: { steps: [[]] } });
  });

  it('plays moves through the gateway that the game parses (no NO_MOVE refusals)', async () => {
    const result = await runMatch({ game: 'tic_tac_toe', seed: 2, runsDir: runs.dir, clock: 'pdq', slots: [{ slot: 0, agent: createAgent('random', { game: 'tic_tac_toe', seed: 2, randomMoves }) }] });
    expect(result.status, result.error?.message).toBe('complete');
    const run = readRun(result.dir);
    expect(run.decisions.every((d) => d.status === 'valid')).toBe(true);
    expect(run.events.filter((e) => e.name === 'move').length).toBeGreaterThan(0);
    const refused = run.events.filter((e) => e.name === 'invalid_move').map((e) => e.data?.reason);
    expect(refused.every((r) => r === 'OCCUPIED')).toBe(true);
  });
});
