/**
 * `arena cases SUBCOMMAND`: Video-Arena golden sets, flags -> the cases plan (plans/cases/cases-task-plan.ts).
 * `video-arena` builds one from finished runs; `run` puts a model on a set under one protocol; `score` scores a
 * results folder against the set. Each flag belongs to its subcommands (its description says which).
 */
import { casesFlags } from '../../plans/cases/cases-flags.js';
import type { CommandSpec } from '../cli/flags.js';
import { runPlanCommand } from '../plan-io.js';

export function casesCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'cases', flags: casesFlags, operands: true, label: (_v, operands) => `cases ${operands[0] ?? ''}` }, argv);
}

/** `arena cases` in the command table. */
export const casesCli: CommandSpec = {
  flags: casesFlags,
  operands: { name: 'video-arena RUNS... | run DIR | score RESULTS', description: 'the subcommand and its folders: finished runs or folders of them (video-arena), a golden set (run) or a results folder (score)' },
  examples: [
    'arena cases video-arena /tmp/runs --out /tmp/golden --per-game 4 --seed 1',
    'arena cases run /tmp/golden --protocol native --model M --base-url http://127.0.0.1:8000/v1 --out /tmp/results',
    'arena cases run /tmp/golden --protocol agentic --model M --base-url http://127.0.0.1:8000/v1 --out /tmp/results --max-turns 50',
    'arena cases score /tmp/results --cases /tmp/golden --bootstrap 1000 --seed 1 --report /tmp/results/score.json',
  ],
  notes: [
    'video-arena: every finished pdq or lcrt run of a real-time reference game can become a case: its video (re-simulated, the views',
    'side by side, at most 768 px wide), reference tuples from state.jsonl (rebuilt by re-simulation for older runs) and task.md;',
    'cases are drawn per game by trajectory shape, outcome and duration bin; manifest.json lists every run left out and why;',
    'references go to DIR/references/, outside DIR/cases/. A named run of a desktop or UE5 game is BAD_CONFIG (no privileged stream).',
    'run: both protocols read cases/<id>/task.md unchanged (a pre-flight check proves it) and write RESULTS/<protocol>/<model>/<case>.json',
    'with the answer, usage, timings and outcome (ok, invalid-output, budget-bound, infrastructure with its class); a rerun skips',
    'complete results and runs infrastructure failures again. Exit 1 when some case ended in an infrastructure failure.',
    'score: strict tuple F1 (all non-temporal fields equal, |dt| <= 3 s, greedy nearest matching), T1/T2/T3, game and macro',
    'means, case-bootstrap intervals, random controls and the native sampling ceiling; infrastructure failures are listed, not averaged.',
    'See docs/perception.md.',
  ],
  run: casesCommand,
};
