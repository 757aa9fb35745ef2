/** The service's `tournament` job kind: `arena tournament`'s flags; tables, results.jsonl and its runs (`runs/`) in the job's directory, so each run names its tournament. */
import { join } from 'node:path';
import { planJobKind } from '../jobs/plan-job-kind.js';
import { readResultFile } from '../jobs/result-file.js';
import { planTournament } from './plan-tournament.js';
import { tournamentOptions } from './tournament-flags.js';

/** `POST /api/tournaments`. */
export const tournamentKind = planJobKind({
  kind: 'tournament',
  plural: 'tournaments',
  plan: 'tournament',
  flags: tournamentOptions,
  serviceFlags: (ctx) => ({ out: ctx.jobDir, 'runs-dir': join(ctx.jobDir, 'runs'), quiet: true }),
  resumable: true,
  check: async (values) => ({ matches: (await planTournament(values)).matches.length }),
  result: (jobDir) => {
    const standings = readResultFile(join(jobDir, 'standings.json'));
    // With --arms the standings are per arm (ARM/standings.json) and the decomposition sits at the top.
    const decomposition = readResultFile(join(jobDir, 'decomposition.json'));
    if (!standings && !decomposition) return undefined;
    return { ...(standings ? { standings: 'files/standings.json', ...standings } : {}), ...(decomposition ? { decomposition: 'files/decomposition.json', plots: ['files/decomposition.svg'] } : {}) };
  },
});
