/** The service's `curve` job kind: `arena curve`'s flags; the curve's state in the job's directory. */
import { join } from 'node:path';
import { usage } from '../../protocol/index.js';
import { planJobKind } from '../jobs/plan-job-kind.js';
import { readResultFile } from '../jobs/result-file.js';
import { curveOptions, curveSettingsFromFlags } from './curve-flags.js';

/** `POST /api/curves`. */
export const curveKind = planJobKind({
  kind: 'curve',
  plural: 'curves',
  plan: 'curve',
  flags: curveOptions,
  serviceFlags: (ctx) => ({ out: ctx.jobDir, id: 'curve', quiet: true }),
  refused: ['resume', 'json'],
  resumable: true,
  check: async (values, ctx) => {
    if (ctx.resume) return undefined;
    const { settings } = curveSettingsFromFlags(values);
    if (settings.player.reflectorBaseUrl === null || settings.player.reflectorBaseUrl === undefined) throw usage('the reflector needs an endpoint: reflector-base-url (or base-url)');
    return undefined;
  },
  result: (jobDir) => {
    const curve = readResultFile(join(jobDir, 'curve', 'curve.json'));
    return curve ? { curve: 'files/curve/curve.json', rounds: curve.rounds ?? null } : undefined;
  },
});
