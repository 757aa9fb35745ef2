/**
 * `arena transfer`: held-out transfer for an existing curve, on demand. The curve's best skill and no skill each
 * play K episodes on each named variant with paired seeds, with the curve's own player (rebuilt from its stored
 * settings) and match settings. Prints the table with the gain per variant and writes `transfer.json`,
 * `transfer.csv` and the regenerated plot into the curve directory; running it again resumes it. See docs/idc.md.
 */
import { join } from 'node:path';
import { readCurveState, resolveCurveDir, transferCurve, transferSummary, type TransferEvent } from '../../reflection/index.js';
import { usage } from '../cli-error.js';
import { num, parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { ProgressBar } from '../progress-bar.js';
import { playerFactory } from '../../plans/index.js';
import { curveWork, curveWorkFlags } from '../../plans/index.js';

/** `arena transfer`'s flags; `--curve`, `--variants` and `--episodes` are required. */
export const transferOptions = {
  curve: { type: 'string', arg: 'ID_OR_DIR', defaultText: 'required', description: 'a curve id under --out, or a curve directory' },
  variants: { type: 'string', arg: 'V1,V2', defaultText: 'required', description: 'the variants to measure transfer on' },
  episodes: { type: 'string', kind: 'integer', arg: 'K', defaultText: 'required', description: 'episodes per variant and arm (best skill, no skill)' },
  seed: { type: 'string', kind: 'integer', arg: 'S', defaultText: "the curve's", description: 'seed of episode 0 (paired across the arms)' },
  out: { type: 'string', arg: 'DIR', default: 'runs/curves', description: 'where curve directories go (under runs/, which git ignores)' },
  json: { type: 'boolean', description: 'print the transfer table as JSON' },
  quiet: { type: 'boolean', description: 'no progress bar' },
  ...curveWorkFlags,
} as const satisfies FlagTable;

function progressLine(e: Extract<TransferEvent, { type: 'episode' }>): string {
  return `${e.variant} ${e.arm === 'best' ? 'best skill' : 'no skill'} episode ${e.episode}: ${e.score.toFixed(3)}${e.played ? '' : ' (done before)'}`;
}

/** Runs `arena transfer`; exit code 0 when every episode of the transfer is played. */
export async function transferCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('transfer', transferOptions, argv);
  if (values.curve === undefined) throw usage('--curve ID_OR_DIR is required (a curve id under --out, or a curve directory)');
  if (values.variants === undefined) throw usage('--variants V1,V2 is required');
  const episodes = num(values.episodes, 'episodes');
  if (episodes === undefined) throw usage('--episodes K is required');
  const seed = num(values.seed, 'seed');
  const dir = resolveCurveDir(values.curve, values.out);
  const state = readCurveState(join(dir, 'curve.json'))!;
  const makePlayer = await playerFactory(state.settings);
  const { close: closeWork, ...work } = curveWork(state.settings, values, dir);
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
      ...work,
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
    process.stdout.write(values.json ? `${JSON.stringify(table, null, 2)}\n` : `${transferSummary(table, state.settings.match.profile)}${dir}\n`);
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
