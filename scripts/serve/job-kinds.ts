/**
 * The job kinds `arena serve` runs, each validated by the same code as its CLI command: `match` (a match
 * configuration as in `arena match --config`, run in the service so spectators can watch), `tournament` and
 * `curve` (their flags as an object) and `sweep` (a sweep spec), run as `arena` child processes, resumable.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { z } from 'zod';
import { getVariant } from '../../games-manifest/index.js';
import { ErrorCode, readJsonFile } from '../../protocol/index.js';
import { RemoteAgent, runMatch } from '../../gateway/index.js';
import { JobKinds, type JobKind } from '../../serve/index.js';
import { checkedJobs, isSweepDir, parseSpecText, readSweepTables, sweepTableDocs, writeSweepReport } from '../../sweeps/index.js';
import { makeAgent } from '../agent-factory.js';
import { usage } from '../cli-error.js';
import { curveOptions, curveSettingsFromFlags } from '../commands/curve-flags.js';
import { entryOf, specFromConfig } from '../commands/match.js';
import { planTournament, tournamentOptions } from '../commands/tournament.js';
import { MatchConfig } from '../match-config.js';
import { runChildJob } from './child-job.js';
import { FlagConfig, flagArgv, parseFlagConfig } from './flag-config.js';

function readResultFile(path: string): Record<string, unknown> | undefined {
  return existsSync(path) ? (readJsonFile(path, { code: ErrorCode.BAD_RECORD }) as Record<string, unknown>) : undefined;
}

/** `POST /api/matches`: one match, its run in the service's runs directory; remote agents join on the service's port. */
/** A match configuration as the API takes it: `arena match --config`'s file without `runsDir`, which is the service's. */
const ServedMatchConfig = MatchConfig.omit({ runsDir: true });

export const matchKind: JobKind<Omit<MatchConfig, 'runsDir'>> = {
  kind: 'match',
  plural: 'matches',
  schema: ServedMatchConfig,
  spectatable: true,
  resumable: false,
  async prepare(raw, ctx) {
    const config = { ...raw, runsDir: ctx.runsDir };
    const entry = entryOf(config);
    if (config.variant !== undefined) getVariant(entry, config.variant);
    const remotes: RemoteAgent[] = [];
    const spec = specFromConfig(config, (slot) => {
      const agent = new RemoteAgent(slot, { clock: config.clock });
      ctx.agentLink.register(agent);
      remotes.push(agent);
      return agent;
    });
    const runId = ctx.id;
    const info = { runId, runDir: join(ctx.runsDir, runId), ...(remotes.length ? { agentLink: { url: ctx.agentLink.url, slots: remotes.map((a) => ({ slot: a.slot, token: a.token })) } } : {}) };
    return {
      info,
      async run(job) {
        try {
          const result = await runMatch({ ...spec, runId, signal: job.signal, observer: job.observer, meta: { ...spec.meta, serve: { job: job.id } } });
          const { dir: _dir, ...rest } = result;
          return { status: result.status === 'complete' ? 'complete' : 'failed', result: rest, ...(result.error ? { error: { code: result.error.code, message: result.error.message } } : {}) };
        } finally {
          for (const a of remotes) ctx.agentLink.unregister(a);
        }
      },
    };
  },
};

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

/** `POST /api/sweeps`: a sweep spec (the YAML file of `arena sweep` as JSON), run as `arena sweep` in the job's directory, reported as `arena report` does. */
export const sweepKind: JobKind<Record<string, unknown>> = {
  kind: 'sweep',
  plural: 'sweeps',
  schema: z.record(z.string(), z.unknown()),
  spectatable: false,
  resumable: true,
  async prepare(config, ctx) {
    const text = JSON.stringify(config, null, 2);
    const { spec, source } = parseSpecText(text, 'sweep');
    const jobs = await checkedJobs(spec, source, makeAgent);
    const specFile = join(ctx.jobDir, 'spec.json');
    const out = join(ctx.jobDir, 'sweep');
    return {
      info: { episodes: jobs.length },
      async run(job) {
        writeFileSync(specFile, `${text}\n`);
        const outcome = await runChildJob(['sweep', specFile, '--out', out, '--quiet'], ctx.jobDir, job.signal);
        return { ...outcome, ...(isSweepDir(out) ? { result: await sweepResult(out) } : {}) };
      },
    };
  },
};

/** The kinds `arena serve` runs. */
export function serveKinds(): JobKinds {
  return new JobKinds().register(matchKind).register(tournamentKind).register(curveKind).register(sweepKind);
}
