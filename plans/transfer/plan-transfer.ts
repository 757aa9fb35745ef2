/**
 * `arena transfer`'s plan: the flags checked and resolved to a curve directory and a checked request (the
 * curve's best skill, the variants, K and the seed), before anything plays. The command line and the service's
 * `transfer` kind both start here; the command then plays it with the curve's own player and work backend.
 */
import { checkTransfer, resolveCurveDir, type CurveSettings } from '../../reflection/index.js';
import { dirname, join } from 'node:path';
import { num, usage, type FlagValues } from '../../protocol/index.js';
import { serviceJobDir } from '../../serve/index.js';
import type { transferOptions } from './transfer-flags.js';

/** A transfer ready to play. */
export interface TransferPlan {
  readonly dir: string;
  readonly curveId: string;
  readonly settings: CurveSettings;
  readonly variants: readonly string[];
  readonly episodes: number;
  readonly seed: number | undefined;
}

/** Checks `arena transfer`'s flags against the curve they name; BAD_CONFIG names the flag or what the curve lacks. */
export function planTransfer(values: FlagValues<typeof transferOptions>): TransferPlan {
  if (values.curve === undefined) throw usage('--curve ID_OR_DIR is required (a curve id under --out, or a curve directory)');
  if (values.variants === undefined) throw usage('--variants V1,V2 is required');
  const episodes = num(values.episodes, 'episodes');
  if (episodes === undefined) throw usage('--episodes K is required');
  const seed = num(values.seed, 'seed');
  // A curve the service ran (arena serve on the runs folder above --out) is its job's `curve/`.
  const dir = resolveCurveDir(values.curve, values.out, [join(serviceJobDir(dirname(values.out), values.curve), 'curve')]);
  const variants = values.variants.split(',').map((v) => v.trim()).filter((v) => v.length > 0);
  const checked = checkTransfer({ dir, variants, episodes, ...(seed === undefined ? {} : { seed }) });
  return { dir, curveId: checked.state.id, settings: checked.state.settings, variants, episodes, seed };
}
