/**
 * The service's `transfer` job kind: `arena transfer`'s flags, with `curve` the id of a complete curve job of
 * the same service (the transfer's tables go into that curve's directory, as on the command line, and are
 * copied into the job's own, where its files are served).
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { planJobKind } from '../jobs/plan-job-kind.js';
import { readResultFile } from '../jobs/result-file.js';
import { planTransfer } from './plan-transfer.js';
import { transferOptions } from './transfer-flags.js';

/** `POST /api/transfers`. */
export const transferKind = planJobKind({
  kind: 'transfer',
  plural: 'transfers',
  plan: 'transfer',
  flags: transferOptions,
  jobRefs: [{ key: 'curve', kind: 'curve', path: 'curve', flag: 'curve', what: 'a complete curve job' }],
  serviceFlags: () => ({ quiet: true }),
  refused: ['out', 'json'],
  resumable: true,
  check: async (values) => {
    const plan = planTransfer(values);
    return { curveId: plan.curveId, game: plan.settings.game };
  },
  result: (jobDir, refs) => {
    const table = readResultFile(join(refs.curve!, 'transfer.json'));
    if (table === undefined) return undefined;
    for (const file of ['transfer.json', 'transfer.csv']) if (existsSync(join(refs.curve!, file))) copyFileSync(join(refs.curve!, file), join(jobDir, file));
    return { transfer: 'files/transfer.json', curve: table.curve ?? null, variants: table.variants ?? null };
  },
});
