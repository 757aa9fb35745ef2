/** `arena transfer`'s flag table; `--curve`, `--variants` and `--episodes` are required. */
import type { FlagTable } from '../../protocol/flag-table.js';
import { curveWorkFlags } from '../curve/curve-work.js';

/** `arena transfer`'s flags. */
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
