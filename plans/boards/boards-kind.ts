/** The service's `boards` job kind: `arena boards TASK`'s flags with the task as `task`; result.json in the job's directory, e2e runs in the service's. */
import { join } from 'node:path';
import { planJobKind } from '../jobs/plan-job-kind.js';
import { readResultFile } from '../jobs/result-file.js';
import { BOARD_TASKS, boardsOptions, checkBoardsRun } from './boards-flags.js';

/** `POST /api/boards`. */
export const boardsKind = planJobKind({
  kind: 'boards',
  plural: 'boards',
  plan: 'boards',
  flags: boardsOptions,
  operand: { key: 'task', values: BOARD_TASKS },
  serviceFlags: (ctx) => ({ out: ctx.jobDir, 'runs-dir': ctx.runsDir }),
  refused: ['json'],
  resumable: false,
  check: async (values) => void checkBoardsRun('e2e', values),
  result: (jobDir) => {
    const result = readResultFile(join(jobDir, 'result.json'));
    return result ? { result: 'files/result.json', task: result.task ?? null, game: result.game ?? null, scores: result.scores ?? null } : undefined;
  },
});
