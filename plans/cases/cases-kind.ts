/**
 * The service's `cases` job kind: `arena cases TASK`'s flags with the task as `task`. `video-arena` builds a golden
 * set from the service's finished runs; `run` puts a model on the set of a `video-arena` job (`set`); `score`
 * scores the results of a `run` job (`results`) against its set (`set`). Each writes into the job's directory.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { planJobKind } from '../jobs/plan-job-kind.js';
import { readResultFile } from '../jobs/result-file.js';
import { CASES_TASKS, casesFlags, type CasesTask } from './cases-flags.js';
import { casesRunSettings, casesScoreSettings, checkCasesFlags, videoArenaSettings } from './cases-plan.js';

const SET = 'a complete cases job with task video-arena';

/** `POST /api/cases`. */
export const casesKind = planJobKind({
  kind: 'cases',
  plural: 'cases',
  plan: 'cases',
  flags: casesFlags,
  operand: { key: 'task', values: Object.keys(CASES_TASKS) },
  jobRefs: [
    { key: 'set', kind: 'cases', ofTask: 'video-arena', tasks: ['run'], path: 'set', what: SET },
    { key: 'set', kind: 'cases', ofTask: 'video-arena', tasks: ['score'], path: 'set', flag: 'cases', what: SET },
    { key: 'results', kind: 'cases', ofTask: 'run', tasks: ['score'], path: 'results', what: 'a complete cases job with task run' },
  ],
  operands: (ctx) => (ctx.task === 'video-arena' ? [ctx.runsDir] : []),
  serviceFlags: (ctx): Record<string, string | true> =>
    ctx.task === 'score' ? { report: join(ctx.jobDir, 'score.json'), plots: join(ctx.jobDir, 'plots') } : ctx.task === 'video-arena' ? { out: join(ctx.jobDir, 'set'), quiet: true } : { out: join(ctx.jobDir, 'results') },
  refused: ['json'],
  resumable: true,
  check: async (values, ctx) => {
    const task = ctx.task as CasesTask;
    // A golden set is written into an empty folder: a stopped video-arena job is built again by a new job.
    if (ctx.resume && task === 'video-arena') throw new ArenaError(ErrorCode.BAD_STATE, 'a cases video-arena job cannot be resumed; create a new one (run and score jobs resume)');
    checkCasesFlags(task, ctx.given);
    if (task === 'video-arena') videoArenaSettings(values);
    else if (task === 'run') casesRunSettings(values);
    else casesScoreSettings(values);
    return { task };
  },
  result: (jobDir) => {
    const manifest = readResultFile(join(jobDir, 'set', 'manifest.json'));
    if (manifest) return { set: 'files/set/manifest.json', cases: Array.isArray(manifest.cases) ? manifest.cases.length : null };
    const score = readResultFile(join(jobDir, 'score.json'));
    if (score) return { score: 'files/score.json', games: score.games ?? null, systems: score.systems ?? null };
    return existsSync(join(jobDir, 'results')) ? { results: 'files/results' } : undefined;
  },
});
