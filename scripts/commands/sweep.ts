/**
 * `arena sweep SPEC`: every episode of a sweep spec (games x variants x agents x clocks x latencies x seeds),
 * in this process (K at once) or on a fleet of `arena worker`s through Redis; resumable; results in a SQLite
 * store that `arena report DIR` turns into tables and plots. See docs/sweeps.md.
 */
import { join } from 'node:path';
import { unknownAgentKind } from '../../agents/index.js';
import { parseEnvironment } from '../../games-manifest/index.js';
import { checkedJobs, readSpecFile, runBatch, spendLine, type EpisodeJob } from '../../sweeps/index.js';
import { batchBackend, makeAgent } from '../../plans/index.js';
import { usage } from '../cli-error.js';
import { parseFlags, positive, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { ProgressBar } from '../progress-bar.js';

/** `arena sweep`'s flags; the spec file is the one operand. */
export const sweepOptions = {
  out: { type: 'string', arg: 'DIR', defaultText: 'runs/sweeps/NAME', description: 'the sweep folder: results.sqlite, runs/, report' },
  parallel: { type: 'string', kind: 'integer', arg: 'K', defaultText: '1', description: 'episodes at once in this process (embedded backend)' },
  redis: { type: 'string', arg: 'URL', description: 'run on workers through Redis instead (redis://host:port); this process stores results' },
  window: { type: 'string', kind: 'integer', arg: 'N', defaultText: '64', description: 'with --redis: most episodes queued at once' },
  'wait-workers': { type: 'string', kind: 'number', arg: 'S', defaultText: '10', description: 'with --redis: seconds to wait for a worker of each pool' },
  'redis-timeout': { type: 'string', kind: 'number', arg: 'S', defaultText: '15', description: 'with --redis: seconds Redis may be unreachable before the sweep stops' },
  'lock-ms': { type: 'string', kind: 'number', arg: 'MS', defaultText: '30000', description: 'with --redis: results job lock' },
  'dry-run': { type: 'boolean', description: 'print the cells and episode counts, play nothing' },
  resume: { type: 'boolean', description: 'play only what is not stored yet (what every run does; accepted for scripts)' },
  'retry-failed': { type: 'boolean', description: 'also replay episodes stored as infrastructure failures' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;

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

export async function sweepCommand(argv: string[]): Promise<number> {
  const { values, operands: positionals } = parseFlags('sweep', sweepOptions, argv, true);
  if (positionals.length !== 1) throw usage('arena sweep takes one spec file: arena sweep SPEC.yaml [flags]; see arena sweep --help');
  const { spec, source } = readSpecFile(positionals[0]!, unknownAgentKind);
  const jobs = await checkedJobs(spec, source, makeAgent);
  if (values['dry-run']) {
    process.stdout.write(dryRun(jobs));
    return 0;
  }
  const dir = values.out ?? join('runs', 'sweeps', spec.name);
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
  const stop = new AbortController();
  const abort = new AbortController();
  const onSigint = (): void => {
    if (stop.signal.aborted) abort.abort();
    else {
      process.stderr.write('\nstopping: episodes in flight finish (Ctrl-C again to cancel them)\n');
      stop.abort();
    }
  };
  process.on('SIGINT', onSigint);
  const bar = values.quiet ? undefined : new ProgressBar(`sweep ${spec.name}`);
  process.stderr.write(`sweep ${spec.name}: ${jobs.length} episodes on the ${backend.name} backend${values.redis === undefined ? '' : `, placement ${spec.placement}`} -> ${dir}\n`);
  try {
    const summary = await runBatch({
      dir,
      jobs,
      backend,
      retryFailed: values['retry-failed'],
      budgets: spec.budgets,
      stop: stop.signal,
      abort: abort.signal,
      describe: { kind: 'sweep', name: spec.name, spec: positionals[0], specBody: spec },
      onProgress: (p) => bar?.update(p.done / p.total, `${p.done}/${p.total} done, ${p.failed} failed, ${p.perMinute.toFixed(1)}/min${p.etaMs === undefined ? '' : `, ETA ${minutes(p.etaMs)}`}`),
    });
    bar?.done();
    const left = summary.total - summary.stored;
    process.stderr.write(
      `sweep ${spec.name}: ${summary.stored}/${summary.total} episodes stored (${summary.playedNow} played now, ${summary.failedNow} failed)` +
        `${summary.interruptedBefore ? `; ${summary.interruptedBefore} interrupted before were replayed` : ''}` +
        `${summary.stoppedBy ? `; stopped by ${summary.stoppedBy}, ${left} left (rerun to continue)` : ''}; ${spendLine(summary.tokens)}; report: arena report ${dir}\n`,
    );
    if (summary.stoppedBy === 'operator') return 1;
    return summary.failedNow > 0 ? 1 : 0;
  } finally {
    process.off('SIGINT', onSigint);
    await backend.close();
  }
}

/** `arena sweep` in the command table. */
export const sweepCli: CommandSpec = {
  flags: sweepOptions,
  operands: { name: 'SPEC.yaml|SPEC.json', description: 'the sweep spec (docs/sweeps.md)' },
  examples: ['arena sweep examples/sweep-latency.yaml --parallel 2', 'arena sweep examples/sweep-leaderboard.yaml --dry-run', 'arena sweep examples/sweep-latency.yaml --redis redis://127.0.0.1:6379'],
  notes: ['Plays every episode of the spec; a rerun resumes (skips what is stored). arena report DIR turns the sweep folder into tables and plots.'],
  run: sweepCommand,
};
