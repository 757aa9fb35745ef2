/** `arena cases video-arena RUNS... --out DIR [--per-game N] [--seed S]`: a Video-Arena golden set from finished runs (docs/perception.md). */
import { buildVideoArena } from '../../perception/index.js';
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { ProgressBar } from '../progress-bar.js';

/** The benchmarks `arena cases` builds. */
const BENCHMARKS = ['video-arena'] as const;

/** `arena cases`'s flags; the benchmark and the runs are the operands. */
export const casesOptions = {
  out: { type: 'string', arg: 'DIR', defaultText: 'required', description: 'the golden set folder to write (new or empty)' },
  'per-game': { type: 'string', kind: 'integer', arg: 'N', default: '20', description: 'cases per game' },
  seed: { type: 'string', kind: 'integer', arg: 'S', default: '1', description: 'the selection seed; the same runs and seed give the same set' },
  fps: { type: 'string', kind: 'integer', arg: 'N', default: '10', description: 'video frames per second of game time, 1-60' },
  json: { type: 'boolean', description: 'print the manifest as JSON' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;

export async function casesCommand(argv: string[]): Promise<number> {
  const { values, operands } = parseFlags('cases', casesOptions, argv, true);
  const [benchmark, ...runs] = operands;
  if (!(BENCHMARKS as readonly (string | undefined)[]).includes(benchmark)) throw usage(`arena cases takes a benchmark first: ${BENCHMARKS.join(', ')} (got '${benchmark ?? ''}'); see arena cases --help`);
  if (values.out === undefined) throw usage('arena cases video-arena needs --out DIR');
  if (runs.length === 0) throw usage('arena cases video-arena needs runs: run directories or folders of runs (e.g. runs/)');
  const fps = Number(values.fps);
  if (fps < 1 || fps > 60) throw usage(`--fps takes 1 to 60 frames per second (got ${fps})`);
  const bar = values.quiet ? undefined : new ProgressBar('cases video-arena');
  const set = await buildVideoArena(runs, {
    out: values.out,
    perGame: Number(values['per-game']),
    seed: Number(values.seed),
    fps,
    ...(bar ? { onProgress: (phase: string, done: number, total: number, detail: string) => bar.update(phase === 'examine' ? (done / Math.max(1, total)) * 0.3 : 0.3 + (done / Math.max(1, total)) * 0.7, `${phase} ${done}/${total} ${detail}`) } : {}),
  });
  bar?.done();
  const { manifest } = set;
  if (values.json) process.stdout.write(`${JSON.stringify(manifest)}\n`);
  else {
    const games = [...new Set(manifest.cases.map((c) => c.game))];
    process.stdout.write(`${set.out}: ${manifest.cases.length} cases (${games.map((g) => `${g} ${manifest.cases.filter((c) => c.game === g).length}`).join(', ')}), ${manifest.skipped.length} runs left out (manifest.json says why)\n`);
  }
  return 0;
}

/** `arena cases` in the command table. */
export const casesCli: CommandSpec = {
  flags: casesOptions,
  operands: { name: 'video-arena RUN_DIR|RUNS_FOLDER...', description: 'the benchmark, then finished runs: run directories, or folders holding them (a runs root, a tournament or sweep folder)' },
  examples: ['arena cases video-arena /tmp/runs --out /tmp/golden --per-game 4 --seed 1', 'arena cases video-arena /tmp/runs/RUN_ID --out /tmp/one-case'],
  notes: [
    "Every run of a real-time reference game (pdq or lcrt, finished) can become a case: its video (re-simulated, the",
    "players' views side by side, at most 768 px wide), its reference tuples from state.jsonl (rebuilt by",
    're-simulation for runs recorded before it existed) and task.md. Cases are drawn per game by trajectory shape,',
    'outcome and duration bin; manifest.json lists every case and every run left out, with the reason. References',
    'go to DIR/references/, outside DIR/cases/. A named run of a desktop or UE5 game is BAD_CONFIG (no privileged',
    'stream). Runs to try it on: arena match --game sky_duel --agents scripted,random --steps 12 --runs-dir /tmp/runs',
  ],
  run: casesCommand,
};
