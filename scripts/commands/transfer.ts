/**
 * `arena transfer`: held-out transfer for an existing curve, on demand. The curve's best skill and no skill each
 * play K episodes on each named variant with paired seeds, with the curve's own player (rebuilt from its stored
 * settings) and match settings. Prints the table with the gain per variant and writes `transfer.json`,
 * `transfer.csv` and the regenerated plot into the curve directory; running it again resumes it. See docs/idc.md.
 */
import { transferCurve, transferSummary, type TransferEvent } from '../../reflection/index.js';
import { parseFlags, type CommandSpec } from '../cli/flags.js';
import { ProgressBar } from '../progress-bar.js';
import { curveWork, planTransfer, playerFactory } from '../../plans/index.js';
import { transferOptions } from '../../plans/transfer/transfer-flags.js';

function progressLine(e: Extract<TransferEvent, { type: 'episode' }>): string {
  return `${e.variant} ${e.arm === 'best' ? 'best skill' : 'no skill'} episode ${e.episode}: ${e.score.toFixed(3)}${e.played ? '' : ' (done before)'}`;
}

/** Runs `arena transfer`; exit code 0 when every episode of the transfer is played. */
export async function transferCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('transfer', transferOptions, argv);
  const plan = planTransfer(values);
  const { dir, variants, episodes, seed } = plan;
  const makePlayer = await playerFactory(plan.settings);
  const { close: closeWork, ...work } = curveWork(plan.settings, values, dir);

  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const bar = values.quiet ? undefined : new ProgressBar(`transfer ${plan.settings.game}`);
  try {
    const table = await transferCurve({
      dir,
      variants,
      episodes,
      ...(seed === undefined ? {} : { seed }),
      makePlayer,
      ...work,
      signal: controller.signal,
      meta: { command: ['arena', 'transfer', ...argv] },
      onEvent: (e) => {
        switch (e.type) {
          case 'started':
            process.stderr.write(`transfer of curve ${plan.curveId} (skill of round ${e.bestRound}) -> ${dir}${e.resumed ? ` (resuming: ${e.done}/${e.total} episodes done)` : ''}\n`);
            bar?.update(e.done / e.total, 'starting');
            break;
          case 'episode':
            bar?.update(e.done / e.total, progressLine(e));
            break;
        }
      },
    });
    bar?.update(1, 'done');
    bar?.done();
    process.stdout.write(values.json ? `${JSON.stringify(table, null, 2)}\n` : `${transferSummary(table, plan.settings.match.profile)}${dir}\n`);
    return 0;
  } catch (err) {
    bar?.done();
    if (controller.signal.aborted) process.stderr.write(`transfer stopped; run the same command again to resume\n`);
    throw err;
  } finally {
    process.off('SIGINT', onSigint);
    await closeWork();
  }
}

/** `arena transfer` in the command table. */
export const transferCli: CommandSpec = {
  flags: transferOptions,
  examples: ['arena transfer --curve my-curve --variants ring,waves --episodes 3'],
  notes: ['Running it again resumes it; results go to transfer.json and transfer.csv in the curve directory.'],
  run: transferCommand,
};
