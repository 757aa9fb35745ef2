/**
 * `arena boards TASK --game G --samples N`: the LVLM-Playground tasks on a board (perceive, qa, rule, e2e),
 * the model's score beside the random baseline computed the same way. See docs/boards.md.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildVlmAgentConfig, createVlmAgent } from '../../agents/index.js';
import { agentAnswerer, createRandomMoveAgent, randomAnswerer, runOffline, type E2eResult } from '../../boards/index.js';
import { boardsE2e, boardsOptions, BOARD_TASKS as TASKS, checkBoardsRun } from '../../plans/index.js';
import { isPausedClock, PausedClockMode } from '../../gateway/index.js';
import { orList, textTable, type TableDoc } from '../../protocol/index.js';
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec } from '../cli/flags.js';


function whole(value: string | undefined, flag: string, fallback: number, min: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw usage(`--${flag} takes a whole number of at least ${min} (got '${value}')`);
  return n;
}

export async function boardsCommand(argv: string[]): Promise<number> {
  const { values, operands: positionals } = parseFlags('boards', boardsOptions, argv, true);
  if (positionals.length !== 1) throw usage(`arena boards takes one task: ${TASKS.join(', ')} (got '${positionals.join(' ')}'); see arena boards --help`);
  const { task, game } = checkBoardsRun(positionals[0]!, values);
  const samples = whole(values.samples, 'samples', 20, 1);
  const seed = whole(values.seed, 'seed', 1, 0);
  if ((values.model === undefined) !== (values['base-url'] === undefined)) throw usage('--model and --base-url go together');
  const vlm = values.model === undefined ? undefined : buildVlmAgentConfig(values);
  const rows: { player: string; score: number; detail?: unknown }[] = [];
  if (task === 'e2e') {
    const clock = values.clock ?? 'pdq';
    if (!isPausedClock(clock)) throw usage(`--clock takes ${orList(PausedClockMode.options)} (got '${clock}')`);
    const common = { game, episodes: samples, seed, runsDir: values['runs-dir'] ?? 'runs', clock, ...(values.variant ? { variant: values.variant } : {}) } as const;
    if (vlm) rows.push(summarise('model', await boardsE2e({ ...common, player: { kind: 'vlm', label: 'vlm' }, makeAgent: () => createVlmAgent(vlm) })));
    // The random baseline plays every game with the run's seed, as it always has.
    rows.push(summarise('random', await boardsE2e({ ...common, player: { kind: 'random', label: 'random-move' }, makeAgent: () => createRandomMoveAgent(game, seed) })));
  } else {
    const offline = task;
    if (vlm) {
      const agent = createVlmAgent(vlm);
      try {
        const r = await runOffline(offline, game, samples, seed, agentAnswerer(agent, game, new AbortController().signal));
        rows.push({ player: 'model', score: r.score, detail: r });
      } finally {
        await agent.close();
      }
    }
    const r = await runOffline(offline, game, samples, seed, randomAnswerer(offline, game, seed));
    rows.push({ player: 'random', score: r.score, detail: r });
  }
  const result = { task, game, samples, seed, scores: Object.fromEntries(rows.map((r) => [r.player, r.score])), players: rows };
  if (values.out) {
    mkdirSync(values.out, { recursive: true });
    writeFileSync(join(values.out, 'result.json'), JSON.stringify(result, null, 2));
  }
  if (values.json) process.stdout.write(`${JSON.stringify(result.scores)}\n`);
  else process.stdout.write(`${boardsText(task, game, samples, seed, rows)}\n`);
  return 0;
}

/** What a task's score is, for the line above its table. */
const SCORE_MEANS: Readonly<Record<string, string>> = {
  perceive: 'share of cells written right',
  qa: 'share of questions answered right',
  rule: 'share of answers naming a legal move (checked by the game)',
  e2e: 'mean paper score over full games (three invalid moves lose)',
};

/** The result as a reader reads it: what was scored, a table of players (the model beside the random floor), and what is missing. */
export function boardsText(task: string, game: string, samples: number, seed: number, rows: readonly { player: string; score: number; detail?: unknown }[]): string {
  const e2e = task === 'e2e';
  const games = (d: unknown): E2eResult | undefined => (typeof d === 'object' && d !== null && 'invalidLosses' in d ? (d as E2eResult) : undefined);
  const doc: TableDoc = {
    title: `${task} ${game}: ${samples} ${e2e ? 'games' : 'samples'}, seed ${seed}; score: ${SCORE_MEANS[task] ?? 'mean score'}`,
    columns: [{ header: 'player', kind: 'text' }, { header: 'score', kind: 'number', ...(e2e ? {} : { digits: 3 }) }, ...(e2e ? ([{ header: 'W-D-L', kind: 'text' }, { header: 'lost on invalid moves', kind: 'count' }] as const) : [])],
    rows: rows.map((r) => {
      const g = games(r.detail);
      return [r.player === 'random' ? 'random (the floor)' : r.player, r.score, ...(e2e ? [g ? `${g.wins}-${g.draws}-${g.losses}` : null, g?.invalidLosses ?? null] : [])];
    }),
    ...(rows.some((r) => r.player === 'model') ? {} : { note: 'no model scored: --model M --base-url URL scores one beside the random floor' }),
  };
  return textTable(doc);
}

function summarise(player: string, r: E2eResult): { player: string; score: number; detail: unknown } {
  return { player, score: r.score, detail: r };
}

/** `arena boards` in the command table. */
export const boardsCli: CommandSpec = {
  flags: boardsOptions,
  operands: { name: 'TASK', description: 'perceive, qa, rule or e2e (below)' },
  examples: [
    'arena boards perceive --game tic_tac_toe --samples 10',
    'arena boards rule --game chess --samples 20 --model my-model --base-url http://127.0.0.1:8000/v1',
    'arena boards e2e --game reversi --samples 2 --runs-dir /tmp/board-runs',
  ],
  notes: [
    'tasks:',
    '  perceive   random (possibly illegal) positions; the model writes the board as a matrix; cell accuracy',
    '  qa         multiple-choice questions with exact answers (counts, sums, cells, shapes); share answered right',
    '  rule       positions from legal play; the model names one legal move; share legal (checked by the game)',
    '  e2e        full games through the gateway against the board\'s opponent; mean paper score (3 invalid moves lose)',
  ],
  run: boardsCommand,
};
