/** The service's `watch` job kind: `arena watch`'s flags; watch.json in the job's directory, the watched match in the service's runs. */
import { join } from 'node:path';
import { planJobKind } from '../jobs/plan-job-kind.js';
import { readResultFile } from '../jobs/result-file.js';
import { planWatch } from './plan-watch.js';
import { watchFromFlags } from './watch-config.js';
import { watchOptions } from './watch-flags.js';

/** `POST /api/watches`. */
export const watchKind = planJobKind({
  kind: 'watch',
  plural: 'watches',
  plan: 'watch',
  flags: watchOptions,
  serviceFlags: (ctx) => ({ out: ctx.jobDir, 'runs-dir': ctx.runsDir, quiet: true }),
  resumable: false,
  check: async (values, ctx) => {
    const { config, settings } = watchFromFlags(values, ctx.given);
    const plan = planWatch(config, settings);
    return { game: plan.entry.id };
  },
  result: (jobDir) => {
    const watch = readResultFile(join(jobDir, 'watch.json'));
    if (watch === undefined) return undefined;
    const match = watch.match as { runId?: string; status?: string } | undefined;
    return { watch: 'files/watch.json', runId: match?.runId ?? null, matchStatus: match?.status ?? null, metrics: watch.metrics ?? null };
  },
});
