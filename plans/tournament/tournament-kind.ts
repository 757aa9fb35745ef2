/** The service's `tournament` job kind: `arena tournament`'s flags as an object, run as an `arena` child process, resumable. */
import { join } from 'node:path';
import type { JobKind } from '../../serve/index.js';
import { runChildJob } from '../jobs/child-job.js';
import { FlagConfig, flagArgv, parseFlagConfig } from '../jobs/flag-config.js';
import { readResultFile } from '../jobs/result-file.js';
import { planTournament } from './plan-tournament.js';
import { tournamentOptions } from './tournament-flags.js';

/** `POST /api/tournaments`: `arena tournament`'s flags; tables and results.jsonl in the job's directory, runs in the service's. */
export const tournamentKind: JobKind<FlagConfig> = {
  kind: 'tournament',
  plural: 'tournaments',
  schema: FlagConfig,
  spectatable: false,
  resumable: true,
  async prepare(config, ctx) {
    const values = parseFlagConfig(config, tournamentOptions, ['out', 'runs-dir', 'quiet'], 'tournament');
    const plan = await planTournament({ ...values, out: ctx.jobDir, 'runs-dir': ctx.runsDir });
    const args = ['tournament', ...flagArgv(config), '--out', ctx.jobDir, '--runs-dir', ctx.runsDir, '--quiet'];
    return {
      info: { matches: plan.matches.length },
      async run(job) {
        const outcome = await runChildJob(args, ctx.jobDir, job.signal);
        const standings = readResultFile(join(ctx.jobDir, 'standings.json'));
        // With --arms the standings are per arm (ARM/standings.json) and the decomposition sits at the top.
        const decomposition = readResultFile(join(ctx.jobDir, 'decomposition.json'));
        const result = { ...(standings ? { standings: 'files/standings.json', ...standings } : {}), ...(decomposition ? { decomposition: 'files/decomposition.json', plots: ['files/decomposition.svg'] } : {}) };
        return { ...outcome, ...(standings || decomposition ? { result } : {}) };
      },
    };
  },
};

