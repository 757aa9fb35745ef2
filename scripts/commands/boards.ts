/**
 * `arena boards TASK --game G --samples N`: flags -> the boards plan (plans/boards/boards-plan.ts: the
 * LVLM-Playground tasks on a board, the model's score beside the random baseline). See docs/boards.md.
 */
import { boardsOptions } from '../../plans/boards/boards-flags.js';
import type { CommandSpec } from '../cli/flags.js';
import { runPlanCommand } from '../plan-io.js';

export function boardsCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'boards', flags: boardsOptions, operands: true, label: (_v, operands) => `boards ${operands[0] ?? ''}` }, argv);
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
