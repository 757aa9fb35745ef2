/** The service's `curve` job kind: `arena curve`'s flags as an object, run as an `arena` child process, resumable. */
import { join } from 'node:path';
import { usage } from '../../protocol/index.js';
import type { JobKind } from '../../serve/index.js';
import { runChildJob } from '../jobs/child-job.js';
import { FlagConfig, flagArgv, parseFlagConfig } from '../jobs/flag-config.js';
import { readResultFile } from '../jobs/result-file.js';
import { curveOptions, curveSettingsFromFlags } from './curve-flags.js';

/** `POST /api/curves`: `arena curve`'s flags; the curve's state in the job's directory. */
export const curveKind: JobKind<FlagConfig> = {
  kind: 'curve',
  plural: 'curves',
  schema: FlagConfig,
  spectatable: false,
  resumable: true,
  async prepare(config, ctx) {
    const values = parseFlagConfig(config, curveOptions, ['out', 'id', 'resume', 'json', 'quiet'], 'curve');
    if (!ctx.resume) {
      const { settings } = curveSettingsFromFlags(values);
      if (settings.player.reflectorBaseUrl === null || settings.player.reflectorBaseUrl === undefined) throw usage('the reflector needs an endpoint: reflector-base-url (or base-url)');
    }
    const args = ['curve', ...flagArgv(config), '--out', ctx.jobDir, '--id', 'curve', '--quiet'];
    return {
      async run(job) {
        const outcome = await runChildJob(args, ctx.jobDir, job.signal);
        const curve = readResultFile(join(ctx.jobDir, 'curve', 'curve.json'));
        return { ...outcome, ...(curve ? { result: { curve: 'files/curve/curve.json', rounds: curve.rounds ?? null } } : {}) };
      },
    };
  },
};

