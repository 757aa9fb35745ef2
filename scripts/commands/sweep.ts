/**
 * `arena sweep SPEC`: flags -> the sweep plan (plans/sweep/sweep-plan.ts: every episode of the spec, in this
 * process or on a fleet of `arena worker`s through Redis; resumable) with a progress bar. `arena report DIR`
 * turns the sweep folder into tables and plots. See docs/sweeps.md.
 */
import { basename } from 'node:path';
import { sweepOptions } from '../../plans/sweep/sweep-flags.js';
import type { CommandSpec } from '../cli/flags.js';
import { runPlanCommand } from '../plan-io.js';

export { sweepOptions };

export function sweepCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'sweep', flags: sweepOptions, operands: true, label: (_v, operands) => `sweep ${basename(operands[0] ?? '')}` }, argv);
}

/** `arena sweep` in the command table. */
export const sweepCli: CommandSpec = {
  flags: sweepOptions,
  operands: { name: 'SPEC.yaml|SPEC.json', description: 'the sweep spec (docs/sweeps.md)' },
  examples: ['arena sweep examples/sweep-latency.yaml --parallel 2', 'arena sweep examples/sweep-leaderboard.yaml --dry-run', 'arena sweep examples/sweep-latency.yaml --redis redis://127.0.0.1:6379'],
  notes: ['Plays every episode of the spec; a rerun resumes (skips what is stored). arena report DIR turns the sweep folder into tables and plots.'],
  run: sweepCommand,
};
