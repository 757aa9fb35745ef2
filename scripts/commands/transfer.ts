/**
 * `arena transfer`: held-out transfer for an existing curve, on demand: flags -> the transfer plan
 * (plans/transfer/transfer-plan.ts) with a progress bar, the table on stdout; `transfer.json`, `transfer.csv`
 * and the regenerated plot go into the curve directory; running it again resumes it. See docs/idc.md.
 */
import { transferOptions } from '../../plans/transfer/transfer-flags.js';
import type { CommandSpec } from '../cli/flags.js';
import { runPlanCommand } from '../plan-io.js';

/** Runs `arena transfer`; exit code 0 when every episode of the transfer is played. */
export function transferCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'transfer', flags: transferOptions, label: (v) => `transfer ${v.curve ?? ''}` }, argv);
}

/** `arena transfer` in the command table. */
export const transferCli: CommandSpec = {
  flags: transferOptions,
  examples: ['arena transfer --curve my-curve --variants ring,waves --episodes 3'],
  notes: ['Running it again resumes it; results go to transfer.json and transfer.csv in the curve directory.'],
  run: transferCommand,
};
