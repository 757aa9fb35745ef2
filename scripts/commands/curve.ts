/**
 * `arena curve`: an Improvement Dynamics Curve on one game. Flags -> the curve plan (plans/curve/curve-plan.ts:
 * the curve opened or resumed, its player and reflector rebuilt from its settings, its rounds played) with a
 * progress bar on stderr and the summary table on stdout. The default id is derived from the settings, so
 * rerunning the same command resumes too; see docs/idc.md.
 */
import { curveOptions } from '../../plans/curve/curve-flags.js';
import type { CommandSpec } from '../cli/flags.js';
import { runPlanCommand } from '../plan-io.js';

export function curveCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'curve', flags: curveOptions, label: (v) => `curve ${v.game ?? v.resume ?? ''}` }, argv);
}

/** `arena curve` in the command table. */
export const curveCli: CommandSpec = {
  flags: curveOptions,
  examples: [
    'arena curve --game last_stand --agent vlm --model my-model --base-url http://127.0.0.1:8000/v1 --rounds 5 --episodes 3',
    'arena curve --resume last_stand-my-model-0123456789 --rounds 8',
    'arena curve --style runner --cold-start runs/tournaments/last_stand-origin-pdq --profile omnigamearena --game last_stand --agent vlm --model my-model --base-url http://127.0.0.1:8000/v1 --rounds 10 --episodes 5',
    'arena curve --config imported/curves/last_stand--model-a.json --env remote-input://127.0.0.1:12345',
    'arena curve --resume last_stand-my-model-0123456789 --redis redis://10.0.0.5:6379 --pool gpu',
  ],
  notes: ['A new curve needs --rounds and --episodes; the same command again resumes it (the default --id is derived from the settings).'],
  run: curveCommand,
};
