/**
 * End-to-end board games through the real gateway: a stub model (the fake OpenAI-compatible provider behind
 * the VLM agent) against each board's opponent, checked move for move against the game played directly;
 * the third invalid move's loss; the model's prompt; lcrt charging thinking time to the game clock; the
 * offline tasks and `arena boards` over the same fake provider.
 */
import { describe, expect, it } from 'vitest';
import { createVlmAgent } from '../agents/index.js';
import { agentAnswerer, runOffline } from '../boards/index.js';
import { boardsE2e } from '../plans/index.js';
import { builtinGames } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import { readRun } from './support/run-dir.js';
import { useRunsAndProvider } from './support/runs-and-provider.js';
import { runArena } from './support/arena-process.js';

const env = useRunsAndProvider();

const vlm = () => createVlmAgent({ baseUrl: env.provider.url, model: 'fake-vlm', maxSide: 320 });
const said = (move: string) => ({ text: `I will play ${move}. <|action_start|>${move}<|action_end|>` });

/** The game played directly with the puzzle's good move or the first legal move: the moves, the end and the score. */
function plan(game: string, variant: string, seed: number): { moves: string[]; reason: string; outcome: string; score: number } {
  const sim = builtinGames.find((g) => g.id === game)!.create({ seed, variant, slots: [0] });
  const moves: string[] = [];
  while (!sim.ended() && moves.length < 200) {
    const state = sim.state();
    const move = typeof state.goodMove === 'string' ? state.goodMove : (state.legalMoves as string[])[0]!;
    moves.push(move);
    sim.input({ type: 'move', at: 0, slot: 0, move });
    sim.tick();
  }
  const end = sim.ended()!;
  return { moves, reason: end.reason, outcome: end.outcomes[0]!.result, score: sim.progress()[0]!.score };
}

describe('board games end to end against their opponents', () => {
  it.each([
    ['tic_tac_toe', 'origin'],
    ['reversi', 'six'],
    ['minesweeper', 'origin'],
    ['gomoku', 'nine'],
    ['sudoku', 'mini'],
    ['chess', 'origin'],
  ])('%s (%s): a stub model plays a whole game through the gateway exactly as the game played directly', async (game, variant) => {
    const expected = plan(game, variant, 3);
    env.provider.script(...expected.moves.map(said));
    const result = await runMatch({ game, variant, seed: 3, runsDir: env.runs.dir, clock: 'pdq', stepBudget: expected.moves.length + 5, slots: [{ slot: 0, agent: vlm() }] });
    expect(result.status, result.error?.message).toBe('complete');
    expect(result.reason).toBe(expected.reason);
    expect(result.episode).toBe('finished');
    expect(result.players[0]).toMatchObject({ decisions: expected.moves.length, invalid: 0, outcome: expected.outcome, score: expected.score });
    const run = readRun(result.dir);
    expect(run.events.filter((e) => e.name === 'move').map((e) => e.data?.move)).toEqual(expected.moves);
    expect(run.meta.result?.reason).toBe(expected.reason);
    // The model was told the move format and the three-invalid-moves rule.
    const messages = (env.provider.completions().at(-1)!.body as { messages: { role: string; content: unknown }[] }).messages;
    const system = messages[0]!.content as string;
    expect(system).toContain(getGame(game).controls.move!.notation);
    expect(system).toContain('three invalid moves lose');
    // Each turn asks for the next move in the notation, not for an action chunk.
    expect(JSON.stringify(messages.at(-1)!.content)).toContain(JSON.stringify(`Answer with your next move in the game's notation, written ${getGame(game).controls.move!.notation}`).slice(1, -1));
  });

  it('loses on the third invalid move, whatever made each invalid, and tells the model why after each', async () => {
    env.provider.script({ text: 'I think the centre.' }, said('d9'), said('b2'), said('b2'));
    const agent = createVlmAgent({ baseUrl: env.provider.url, model: 'fake-vlm', maxSide: 320, feedback: true });
    const result = await runMatch({ game: 'tic_tac_toe', seed: 1, runsDir: env.runs.dir, clock: 'pdq', slots: [{ slot: 0, agent }] });
    expect(result.status, result.error?.message).toBe('complete');
    expect(result.reason).toBe('invalid_moves');
    expect(result.players[0]).toMatchObject({ outcome: 'loss', decisions: 4, invalid: 1, score: 10 });
    const run = readRun(result.dir);
    expect(run.decisions.map((d) => d.status)).toEqual(['invalid', 'valid', 'valid', 'valid']);
    expect(run.decisions[0]?.invalidReason).toBe('NO_ACTION');
    expect(run.events.filter((e) => e.name === 'invalid_move').map((e) => [e.data?.reason, e.data?.count])).toEqual([
      ['NO_MOVE', 1],
      ['OFF_BOARD', 2],
      ['OCCUPIED', 3],
    ]);
    const users = env.provider.completions().slice(-3).map((r) => JSON.stringify((r.body as { messages: unknown[] }).messages.at(-1)));
    expect(users[0]).toContain('not a valid action');
    expect(users[1]).toContain('refused your move d9 (OFF_BOARD');
    // b2 was a legal move (O replied); its repetition is the third invalid move, which ends the game.
    expect(users[2]).not.toContain('refused');
  });

  it('under lcrt the thinking time is charged to the game clock move by move', async () => {
    const expected = plan('tic_tac_toe', 'origin', 4);
    const play = async (clock: 'pdq' | 'lcrt') => {
      env.provider.script(...expected.moves.map(said));
      return runMatch({ game: 'tic_tac_toe', seed: 4, runsDir: env.runs.dir, clock, slots: [{ slot: 0, agent: vlm(), latency: { kind: 'synthetic', ms: 2000, jitterMs: 0, seed: 0 } }] });
    };
    const pdq = await play('pdq');
    const lcrt = await play('lcrt');
    expect(lcrt.players[0]!.score).toBe(pdq.players[0]!.score);
    expect(readRun(lcrt.dir).decisions.map((d) => d.chargedMs)).toEqual(expected.moves.map(() => 2000));
    // Each move starts on the game clock when the thinking is over: 2 s after its observation under lcrt, at once under pdq.
    const delays = (dir: string) => readRun(dir).ledger.filter((e) => e.kind === 'placement').map((e) => (e.chunkStartMs as number) - (e.observedAtMs as number));
    expect(delays(lcrt.dir)).toEqual(expected.moves.map(() => 2000));
    expect(delays(pdq.dir)).toEqual(expected.moves.map(() => 0));
    expect(lcrt.simMs).toBeGreaterThan(pdq.simMs);
  });

  it('runE2e scores games with the paper score and leaves ordinary match records that arena report reads', async () => {
    const first = plan('tic_tac_toe', 'origin', 1);
    const second = plan('tic_tac_toe', 'origin', 2);
    env.provider.script(...first.moves.map(said), ...second.moves.map(said));
    const result = await boardsE2e({ game: 'tic_tac_toe', episodes: 2, seed: 1, runsDir: env.runs.dir, player: { kind: 'vlm', label: 'vlm' }, makeAgent: vlm });
    expect(result.games.map((g) => g.score)).toEqual([first.score, second.score]);
    expect(result.games.map((g) => [g.moves, g.invalid])).toEqual([
      [first.moves.length, 0],
      [second.moves.length, 0],
    ]);
    expect(result.score).toBe((first.score + second.score) / 2);
    const report = await runArena(['report', result.games[0]!.dir]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('tic_tac_toe');
  });
});

describe('offline tasks through a model endpoint', () => {
  it('asks the model each sample with its image and scores its answers', async () => {
    env.provider.script({ text: '<|action_start|>[[0,0,0],[0,0,0],[0,0,0]]<|action_end|>' }, { text: 'no idea' });
    const agent = vlm();
    const result = await runOffline('perceive', 'tic_tac_toe', 2, 1, agentAnswerer(agent, 'tic_tac_toe', new AbortController().signal));
    await agent.close();
    expect(result.results[0]!.score).toBeGreaterThan(0);
    expect(result.results[1]?.score).toBe(0);
    expect(result.results[1]?.reason).toMatch(/^NO_MATRIX/);
    const request = env.provider.completions().at(-1)!.body as { messages: { content: unknown }[] };
    expect(JSON.stringify(request.messages)).toContain('data:image/jpeg;base64,');
    expect(JSON.stringify(request.messages[0])).toContain('0 for an empty cell, 1 for X, 2 for O');
  });

  it('arena boards prints the model beside the random baseline and refuses bad input with a code', async () => {
    env.provider.script({ text: '<|action_start|>A<|action_end|>' }, { text: '<|action_start|>B<|action_end|>' }, { text: '<|action_start|>C<|action_end|>' });
    const ok = await runArena(['boards', 'qa', '--game', 'gomoku', '--samples', '3', '--model', 'fake-vlm', '--base-url', env.provider.url, '--json']);
    expect(ok.code, ok.stderr).toBe(0);
    const scores = JSON.parse(ok.stdout) as { model: number; random: number };
    expect(Object.keys(scores)).toEqual(['model', 'random']);
    const e2e = await runArena(['boards', 'e2e', '--game', 'tic_tac_toe', '--samples', '1', '--runs-dir', env.runs.dir]);
    expect(e2e.code, e2e.stderr).toBe(0);
    // The random-move baseline mostly hits taken or missing cells: three invalid moves lose.
    expect(e2e.stdout).toMatch(/^e2e tic_tac_toe: 1 games, seed 1; score: mean paper score over full games \(three invalid moves lose\)\nplayer +score +W-D-L +lost on invalid moves\nrandom \(the floor\) +\d+(\.\d+)? +0-\d-\d +\d\nno model scored: --model M --base-url URL scores one beside the random floor\n$/);
    const help = await runArena(['boards', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('usage: arena boards [flags] TASK');
    expect(help.stdout).toMatch(/^ +perceive +random \(possibly illegal\) positions/m);
    const bad = await runArena(['boards', 'perceive', '--game', 'sky_duel']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('BAD_CONFIG');
    const [task, none] = await Promise.all([runArena(['boards', 'play', '--game', 'chess']), runArena(['boards', '--game', 'chess'])]);
    expect(task.stderr).toContain('arena boards takes one task');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain("arena: BAD_CONFIG: arena boards takes one task: perceive, qa, rule, e2e (got '')");
  });
});
