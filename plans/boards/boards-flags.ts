/** `arena boards`'s flag table and tasks: the configuration of a boards run, as the command line and the service's `boards` jobs take it. */
import { OFFLINE_TASKS, tasksOf } from '../../boards/index.js';
import { boardTasks } from '../../games/index.js';
import { PausedClockMode } from '../../gateway/index.js';
import { orList, usage, type FlagTable, type FlagValues } from '../../protocol/index.js';

/** The tasks `arena boards` runs: the offline ones and End-to-End. */
export const BOARD_TASKS = [...OFFLINE_TASKS, 'e2e'] as const;
/** The boards, from the game registry (`games/catalog.ts`): `tic_tac_toe, reversi, ... or chess`. */
export const BOARDS_TEXT = orList(Object.keys(boardTasks));

/** `arena boards`'s flags; the task is the one operand. */
export const boardsOptions = {
  game: { type: 'string', arg: 'G', defaultText: 'required', description: BOARDS_TEXT },
  samples: { type: 'string', kind: 'integer', arg: 'N', defaultText: '20', description: 'samples (perceive, qa, rule) or games (e2e)' },
  seed: { type: 'string', kind: 'integer', arg: 'S', defaultText: '1', description: 'first seed; the same seed gives the same samples' },
  model: { type: 'string', arg: 'M', description: 'the model, with --base-url (any OpenAI-compatible endpoint); without them only the random baseline runs' },
  'base-url': { type: 'string', arg: 'URL', description: "the model's OpenAI-compatible endpoint" },
  'api-key-env': { type: 'string', arg: 'VAR', description: "the environment variable with the model's API key" },
  variant: { type: 'string', arg: 'V', defaultText: 'origin', description: "e2e: the game's variant" },
  clock: { type: 'string', arg: PausedClockMode.options.join('|'), defaultText: 'pdq', description: 'e2e: whether thinking time counts on the game clock' },
  'runs-dir': { type: 'string', arg: 'DIR', defaultText: 'runs', description: 'e2e: where match records go' },
  out: { type: 'string', arg: 'DIR', description: "also write result.json (every sample's answer and score) there" },
  json: { type: 'boolean', description: 'print the result as JSON' },
} as const satisfies FlagTable;

/** A boards run's task and board, checked as `arena boards` checks them (BAD_CONFIG naming the task or the board). */
export function checkBoardsRun(task: string, values: Pick<FlagValues<typeof boardsOptions>, 'game'>): { task: (typeof BOARD_TASKS)[number]; game: string } {
  if (!(BOARD_TASKS as readonly string[]).includes(task)) throw usage(`arena boards takes one task: ${BOARD_TASKS.join(', ')} (got '${task}'); see arena boards --help`);
  if (values.game === undefined) throw usage(`arena boards needs --game (${BOARDS_TEXT})`);
  try {
    tasksOf(values.game);
  } catch (err) {
    throw usage((err as Error).message);
  }
  return { task: task as (typeof BOARD_TASKS)[number], game: values.game };
}
