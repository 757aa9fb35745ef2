/** The service's `sweep` job kind: a sweep spec (the YAML of `arena sweep` as JSON), run by the sweep plan in a plan process, reported as `arena report` does. */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { unknownAgentKind } from '../../agents/index.js';
import type { JobKind } from '../../serve/index.js';
import { checkedJobs, isSweepDir, parseSpecText, readSweepTables, sweepTableDocs, writeSweepReport } from '../../sweeps/index.js';
import { runPlanChild } from '../jobs/plan-child.js';
import { parseFlags } from '../../protocol/index.js';
import { makeAgent } from '../match/agent-factory.js';
import { sweepOptions } from './sweep-flags.js';

/** The sweep plan's flag values with nothing given: the service plays a spec in this process, as `arena sweep SPEC` does. */
const SWEEP_DEFAULTS = parseFlags('sweep', sweepOptions, []).values;

/**
 * A sweep's tables, and its report (`arena report`'s files in `sweep/report/`) with the plots as job files; the
 * tables alone when the report cannot be written.
 */
async function sweepResult(out: string): Promise<Record<string, unknown>> {
  try {
    const { tables, files } = await writeSweepReport(out);
    const plots = files.filter((f) => f.endsWith('.svg')).map((f) => `files/sweep/report/${basename(f)}`);
    return { ...tables, tableDocs: sweepTableDocs(tables), plots };
  } catch {
    const tables = readSweepTables(out);
    return { ...tables, tableDocs: sweepTableDocs(tables) };
  }
}

/** `POST /api/sweeps`: a sweep spec (the YAML file of `arena sweep` as JSON), run by the sweep plan in the job's directory, reported as `arena report` does. */
export const sweepKind: JobKind<Record<string, unknown>> = {
  kind: 'sweep',
  plural: 'sweeps',
  schema: z.record(z.string(), z.unknown()),
  spectatable: false,
  resumable: true,
  async prepare(config, ctx) {
    const text = JSON.stringify(config, null, 2);
    const { spec, source } = parseSpecText(text, 'sweep', unknownAgentKind);
    const jobs = await checkedJobs(spec, source, makeAgent);
    const specFile = join(ctx.jobDir, 'spec.json');
    const out = join(ctx.jobDir, 'sweep');
    return {
      info: { episodes: jobs.length },
      async run(job) {
        writeFileSync(specFile, `${text}\n`);
        const config = { values: { ...SWEEP_DEFAULTS, out }, given: ['out'], operands: [specFile] };
        const outcome = await runPlanChild({ plan: 'sweep', config, out, command: ['arena', 'serve', 'sweep', ctx.id] }, ctx.jobDir, job.signal);
        return { ...outcome, ...(isSweepDir(out) ? { result: await sweepResult(out) } : {}) };
      },
    };
  },
};

