/**
 * `arena cases SUBCOMMAND`: Video-Arena golden sets. `run` puts a model on a set under one protocol; `score`
 * scores a results folder against the set. Each flag belongs to one subcommand (its description says which).
 */
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec } from '../cli/flags.js';
import { casesRun, casesRunFlags } from './cases-run.js';
import { casesScore, casesScoreFlags } from './cases-score.js';

const SUBCOMMANDS = { run: casesRunFlags, score: casesScoreFlags } as const;
type Subcommand = keyof typeof SUBCOMMANDS;

/** Every flag of every subcommand: the table `--help` prints. */
export const casesFlags = { ...casesRunFlags, ...casesScoreFlags } as const;

export async function casesCommand(argv: string[]): Promise<number> {
  const { values, operands, given } = parseFlags('cases', casesFlags, argv, true);
  const sub = operands[0] as Subcommand | undefined;
  if (sub === undefined || !(sub in SUBCOMMANDS) || operands.length !== 2) throw usage(`usage: arena cases run DIR ... | arena cases score RESULTS --cases DIR (got '${operands.join(' ')}'); see arena cases --help`);
  const foreign = [...given].filter((f) => !(f in SUBCOMMANDS[sub]));
  if (foreign.length > 0) throw usage(`arena cases ${sub} does not take --${foreign.join(', --')}`);
  return sub === 'run' ? casesRun(values, operands[1]!) : casesScore(values, operands[1]!);
}

/** `arena cases` in the command table. */
export const casesCli: CommandSpec = {
  flags: casesFlags,
  operands: { name: 'run DIR | score RESULTS', description: 'the subcommand and its folder: a golden set (run) or a results folder (score)' },
  examples: [
    'arena cases run /tmp/golden --protocol native --model M --base-url http://127.0.0.1:8000/v1 --out /tmp/results',
    'arena cases run /tmp/golden --protocol agentic --model M --base-url http://127.0.0.1:8000/v1 --out /tmp/results --max-turns 50',
    'arena cases score /tmp/results --cases /tmp/golden --bootstrap 1000 --seed 1',
  ],
  notes: [
    'run: both protocols read cases/<id>/task.md unchanged (a pre-flight check proves it) and write RESULTS/<protocol>/<model>/<case>.json',
    'with the answer, usage, timings and outcome (ok, invalid-output, budget-bound, infrastructure with its class); a rerun skips',
    'complete results and runs infrastructure failures again. Exit 1 when some case ended in an infrastructure failure.',
    'score: strict tuple F1 (all non-temporal fields equal, |dt| <= 3 s, greedy nearest matching), T1/T2/T3, game and macro',
    'means, case-bootstrap intervals, random controls and the native sampling ceiling; infrastructure failures are listed, not averaged.',
    'See docs/perception.md.',
  ],
  run: casesCommand,
};
