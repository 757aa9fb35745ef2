/**
 * The transfer plan: held-out transfer for an existing curve. The curve's best skill and no skill each play K
 * episodes on each named variant with paired seeds, with the curve's own player and match settings; the table
 * printed, `transfer.json`, `transfer.csv` and the regenerated plot written into the curve directory; a rerun
 * resumes it. See docs/idc.md.
 */
import type { FlagValues } from '../../protocol/index.js';
import { transferCurve, transferSummary, type TransferEvent } from '../../reflection/index.js';
import { playerFactory } from '../curve/curve-player.js';
import { curveWork } from '../curve/curve-work.js';
import { engineRunFields, type FlagPlanConfig, type Plan } from '../run/plan-io.js';
import { planTransfer } from './plan-transfer.js';
import type { transferOptions } from './transfer-flags.js';

function progressLine(e: Extract<TransferEvent, { type: 'episode' }>): string {
  return `${e.variant} ${e.arm === 'best' ? 'best skill' : 'no skill'} episode ${e.episode}: ${e.score.toFixed(3)}${e.played ? '' : ' (done before)'}`;
}

/** Plays a curve's transfer; 0 when every episode of it is played. */
export const transferPlan: Plan<FlagPlanConfig<FlagValues<typeof transferOptions>>> = {
  name: 'transfer',
  async run({ values }, io) {
    const plan = planTransfer(values);
    const { dir, variants, episodes, seed } = plan;
    const makePlayer = await playerFactory(plan.settings);
    const { close: closeWork, ...work } = curveWork(plan.settings, values, dir);
    try {
      const table = await transferCurve({
        dir,
        variants,
        episodes,
        ...(seed === undefined ? {} : { seed }),
        makePlayer,
        ...work,
        ...engineRunFields(io),
        onEvent: (e) => {
          switch (e.type) {
            case 'started':
              io.log(`transfer of curve ${plan.curveId} (skill of round ${e.bestRound}) -> ${dir}${e.resumed ? ` (resuming: ${e.done}/${e.total} episodes done)` : ''}\n`);
              io.progress(e.done / e.total, 'starting');
              break;
            case 'episode':
              io.progress(e.done / e.total, progressLine(e));
              break;
          }
        },
      });
      io.progress(1, 'done');
      io.print(values.json ? `${JSON.stringify(table, null, 2)}\n` : `${transferSummary(table, plan.settings.match.profile)}${dir}\n`);
      return 0;
    } catch (err) {
      if (io.signal.aborted) io.log(`transfer stopped; run the same command again to resume\n`);
      throw err;
    } finally {
      await closeWork();
    }
  },
};
