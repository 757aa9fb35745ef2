/**
 * `arena transfer`: held-out transfer for an existing curve, on demand. The curve's best skill and no skill each
 * play K episodes on each named variant with paired seeds, with the curve's own player (rebuilt from its stored
 * settings) and match settings. Prints the table with the gain per variant and writes `transfer.json`,
 * `transfer.csv` and the regenerated plot into the curve directory; running it again resumes it. See docs/idc.md.
 */
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readCurveState, resolveCurveDir, transferCurve, transferSummary, type TransferEvent } from '../../reflection/index.js';
import { usage } from '../cli-error.js';
import { ProgressBar } from '../progress-bar.js';
import { num } from './curve-flags.js';
import { playerFactory } from './curve-player.js';

/** `arena transfer`'s flags; `--curve`, `--variants` and `--episodes` are required. */
export const transferOptions = {
  curve: { type: 'string' },
  variants: { type: 'string' },
  episodes: { type: 'string' },
  seed: { type: 'string' },
  out: { type: 'string', default: 'curves' },
  json: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
} as const;

function progressLine(e: Extract<TransferEvent, { type: 'episode' }>): string {
  return `${e.variant} ${e.arm === 'best' ? 'best skill' : 'no skill'} episode ${e.episode}: ${e.score.toFixed(3)}${e.played ? '' : ' (done before)'}`;
}

/** Runs `arena transfer`; exit code 0 when every episode of the transfer is played. */
export async function transferCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: transferOptions, allowPositionals: false, strict: true });
  if (values.curve === undefined) throw usage('--curve ID_OR_DIR is required (a curve id under --out, or a curve directory)');
  if (values.variants === undefined) throw usage('--variants V1,V2 is required');
  const episodes = num(values.episodes, 'episodes');
  if (episodes === undefined) throw usage('--episodes K is required');
  const seed = num(values.seed, 'seed');
  const dir = resolveCurveDir(values.curve, values.out);
  const state = readCurveState(join(dir, 'curve.json'))!;
  const makePlayer = await playerFactory(state.settings);
  const variants = values.variants.split(',').map((v) => v.trim()).filter((v) => v.length > 0);

  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const bar = values.quiet ? undefined : new ProgressBar(`transfer ${state.settings.game}`);
  try {
    const table = await transferCurve({
      dir,
      variants,
      episodes,
      ...(seed === undefined ? {} : { seed }),
      makePlayer,
      signal: controller.signal,
      meta: { command: ['arena', 'transfer', ...argv] },
      onEvent: (e) => {
        switch (e.type) {
          case 'started':
            process.stderr.write(`transfer of curve ${state.id} (skill of round ${e.bestRound}) -> ${dir}${e.resumed ? ` (resuming: ${e.done}/${e.total} episodes done)` : ''}\n`);
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
    process.stdout.write(values.json ? `${JSON.stringify(table, null, 2)}\n` : `${transferSummary(table)}${dir}\n`);
    return 0;
  } catch (err) {
    bar?.done();
    if (controller.signal.aborted) process.stderr.write(`transfer stopped; run the same command again to resume\n`);
    throw err;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
