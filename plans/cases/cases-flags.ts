/**
 * `arena cases`'s flag tables, one per subcommand (video-arena, run, score), and the table of all of them that
 * `--help` prints (a flag two subcommands share says what it means to each).
 */
import { DEFAULT_AGENTIC_LIMITS } from '../../perception/index.js';
import type { FlagTable } from '../../protocol/flag-table.js';

/** The flags of `arena cases video-arena` (`out`, `seed` and `json` are shared with run and score, each meaning its own). */
export const casesVideoArenaFlags = {
  out: { type: 'string', arg: 'DIR', defaultText: 'required', description: 'video-arena: the golden set folder to write (new or empty)' },
  'per-game': { type: 'string', kind: 'integer', arg: 'N', default: '20', description: 'video-arena: cases per game' },
  seed: { type: 'string', kind: 'integer', arg: 'S', default: '1', description: 'video-arena: the selection seed; the same runs and seed give the same set' },
  fps: { type: 'string', kind: 'integer', arg: 'N', default: '10', description: 'video-arena: video frames per second of game time, 1-60' },
  json: { type: 'boolean', description: 'video-arena: print the manifest as JSON' },
  quiet: { type: 'boolean', description: 'video-arena: no progress bar' },
} as const satisfies FlagTable;

/** The flags of `arena cases run`. */
export const casesRunFlags = {
  protocol: { type: 'string', arg: 'native|agentic', defaultText: 'required', description: 'run: native (one request, 1 fps frames, at most 256) or agentic (tools over the full video)' },
  model: { type: 'string', arg: 'M', defaultText: 'required', description: 'run: the model name as the endpoint knows it' },
  'base-url': { type: 'string', arg: 'URL', defaultText: 'required', description: 'run: the OpenAI-compatible API root, with /v1' },
  'api-key-env': { type: 'string', arg: 'VAR', defaultText: 'OPENAI_API_KEY', description: "run: the environment variable holding the model's API key" },
  concurrency: { type: 'string', kind: 'integer', arg: 'N', defaultText: '5 native, 3 agentic', description: 'run: cases in flight at once' },
  out: { type: 'string', arg: 'RESULTS', defaultText: 'required', description: 'run: the results folder (one JSON per case, model and protocol; complete ones are not run again)' },
  'max-turns': { type: 'string', kind: 'integer', arg: 'N', default: String(DEFAULT_AGENTIC_LIMITS.maxTurns), description: 'run, agentic: most model turns per case' },
  'wall-clock': { type: 'string', kind: 'number', arg: 'S', default: String(DEFAULT_AGENTIC_LIMITS.wallClockS), description: 'run, agentic: wall-clock budget per case, seconds' },
  timeout: { type: 'string', kind: 'integer', arg: 'MS', default: '600000', description: 'run: deadline of one provider attempt' },
  retries: { type: 'string', kind: 'integer', arg: 'N', default: '2', description: 'run: retries after a timeout, a connection error or a 408/409/429/5xx' },
  'max-output-tokens': { type: 'string', kind: 'integer', arg: 'N', default: '16384', description: 'run: most tokens of one answer (native) or one turn (agentic)' },
  'extra-body': { type: 'string', arg: 'JSON', description: 'run: extra request fields, e.g. {"reasoning_effort":"low"}' },
  case: { type: 'string', arg: 'ID,...', description: 'run: only these case ids' },
} as const satisfies FlagTable;

/** The flags of `arena cases score`. */
export const casesScoreFlags = {
  cases: { type: 'string', arg: 'DIR', defaultText: 'required', description: 'score: the golden set the results were run on (its references/)' },
  json: { type: 'boolean', description: 'score: print the whole report as JSON' },
  bootstrap: { type: 'string', kind: 'integer', arg: 'N', default: '1000', description: 'score: case-bootstrap replicates for the intervals (0: none)' },
  seed: { type: 'string', kind: 'integer', arg: 'S', default: '1', description: 'score: seed of the bootstrap and the random controls' },
  plots: { type: 'string', arg: 'DIR', description: 'score: also write one SVG per game there' },
  report: { type: 'string', arg: 'FILE', description: 'score: also write the whole report as JSON to FILE' },
} as const satisfies FlagTable;

/** Each subcommand's flags. */
export const CASES_TASKS = { 'video-arena': casesVideoArenaFlags, run: casesRunFlags, score: casesScoreFlags } as const;
/** A subcommand of `arena cases`. */
export type CasesTask = keyof typeof CASES_TASKS;

/** Every flag of every subcommand: the table `--help` prints (a flag two subcommands share says what it means to each). */
export const casesFlags = {
  ...casesVideoArenaFlags,
  ...casesRunFlags,
  ...casesScoreFlags,
  out: { ...casesRunFlags.out, arg: 'DIR', description: `${casesVideoArenaFlags.out.description}; ${casesRunFlags.out.description}` },
  seed: { ...casesScoreFlags.seed, description: `${casesVideoArenaFlags.seed.description}; ${casesScoreFlags.seed.description}` },
  json: { ...casesScoreFlags.json, description: `${casesVideoArenaFlags.json.description}; ${casesScoreFlags.json.description}` },
} as const;
