/**
 * The sweep plan: every episode of a sweep spec (games x variants x agents x clocks x latencies x seeds), in this
 * process (K at once) or on a fleet of `arena worker`s through Redis; resumable; results in a SQLite store that
 * `arena report DIR` turns into tables and plots. A stop ends the episodes in flight (not stored: they play on
 * the next run). See docs/sweeps.md.
 */
import { join } from 'node:path';
import { unknownAgentKind } from '../../agents/index.js';
import { parseEnvironment } from '../../games-manifest/index.js';
import { positive, usage, type FlagValues } from '../../protocol/index.js';
import { checkedJobs, readSpecFile, runBatch, spendLine, type EpisodeJob } from '../../sweeps/index.js';
import { makeAgent } from '../match/agent-factory.js';
import type { FlagPlanConfig, Plan } from '../run/plan-io.js';
import type { sweepOptions } from './sweep-flags.js';
import { batchBackend } from './work-backend.js';

function dryRun(jobs: readonly EpisodeJob[]): string {
  const cells = new Map<string, { job: EpisodeJob; n: number }>();
  for (const j of jobs) {
    const c = cells.get(j.cell);
    if (c) c.n++;
    else cells.set(j.cell, { job: j, n: 1 });
  }
  const lines = [...cells.values()].map(({ job: j, n }) => `${j.cell}  ${j.cellInfo.game}/${j.cellInfo.variant} ${j.cellInfo.clock} latency=${j.cellInfo.latency} ${j.cellInfo.lineup.join(' vs ')} pool=${j.pool}: ${n} episodes (seeds ${j.seed}..)`);
  return `${lines.join('\n')}\n${cells.size} cells, ${jobs.length} episodes\n`;
}

const minutes = (ms: number): string => (ms < 60_000 ? `${Math.round(ms / 1000)}s` : `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s`);

/** Plays a sweep spec (the one operand, a YAML or JSON file); 1 when episodes failed or it was stopped. */
export const sweepPlan: Plan<FlagPlanConfig<FlagValues<typeof sweepOptions>>> = {
  name: 'sweep',
  async run({ values, operands }, io) {
    if (operands.length !== 1) throw usage('arena sweep takes one spec file: arena sweep SPEC.yaml [flags]; see arena sweep --help');
    const { spec, source } = readSpecFile(operands[0]!, unknownAgentKind);
    const jobs = await checkedJobs(spec, source, makeAgent);
    if (values['dry-run']) {
      io.print(dryRun(jobs));
      return 0;
    }
    const dir = values.out ?? io.out ?? join('runs', 'sweeps', spec.name);
    const parallel = positive(values.parallel, 'parallel', 1);
    // A RemoteInput build is one world: two episodes at once on it would drive the same player.
    if (values.redis === undefined && parallel > 1 && spec.match.env !== undefined && parseEnvironment(spec.match.env).kind === 'remote-input') {
      throw usage(`--parallel ${parallel} with match.env ${spec.match.env}: one build plays one episode at a time; use --parallel 1, or a fleet with a slot per build (arena worker --builds)`);
    }
    const backend = batchBackend({
      redis: values.redis,
      parallel,
      runsDir: join(dir, 'runs'),
      batchDir: dir,
      batch: spec.name,
      endpoints: spec.endpoints,
      placement: spec.placement,
      window: positive(values.window, 'window', 64),
      waitWorkersMs: positive(values['wait-workers'], 'wait-workers', 10) * 1000,
      redisTimeoutMs: positive(values['redis-timeout'], 'redis-timeout', 15) * 1000,
      lockMs: positive(values['lock-ms'], 'lock-ms', 30_000),
    });
    io.log(`sweep ${spec.name}: ${jobs.length} episodes on the ${backend.name} backend${values.redis === undefined ? '' : `, placement ${spec.placement}`} -> ${dir}\n`);
    try {
      const summary = await runBatch({
        dir,
        jobs,
        backend,
        retryFailed: values['retry-failed'],
        budgets: spec.budgets,
        stop: io.signal,
        abort: io.signal,
        describe: { kind: 'sweep', name: spec.name, spec: operands[0], specBody: spec },
        onProgress: (p) => io.progress(p.done / p.total, `${p.done}/${p.total} done, ${p.failed} failed, ${p.perMinute.toFixed(1)}/min${p.etaMs === undefined ? '' : `, ETA ${minutes(p.etaMs)}`}`),
      });
      const left = summary.total - summary.stored;
      io.log(
        `sweep ${spec.name}: ${summary.stored}/${summary.total} episodes stored (${summary.playedNow} played now, ${summary.failedNow} failed)` +
          `${summary.interruptedBefore ? `; ${summary.interruptedBefore} interrupted before were replayed` : ''}` +
          `${summary.stoppedBy ? `; stopped by ${summary.stoppedBy}, ${left} left (rerun to continue)` : ''}; ${spendLine(summary.tokens)}; report: arena report ${dir}\n`,
      );
      if (summary.stoppedBy === 'operator') return 1;
      return summary.failedNow > 0 ? 1 : 0;
    } finally {
      await backend.close();
    }
  },
};
