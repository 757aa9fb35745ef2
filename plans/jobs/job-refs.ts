/**
 * Configuration keys that name another job of the service: a transfer names its curve, a cases run names the
 * cases job that built its golden set. The named job must exist, be of the declared kind (and task) and be
 * complete; the command then gets that job's directory (or a path in it) as a flag or an operand.
 */
import { join } from 'node:path';
import { usage } from '../../protocol/index.js';
import type { JobKind } from '../../serve/index.js';
import type { FlagConfig } from './flag-config.js';

type Prepare = Parameters<JobKind<FlagConfig>['prepare']>[1];

/** One key naming another job. */
export interface JobRef {
  /** The configuration key whose value is the other job's id. */
  readonly key: string;
  /** The kind that job must be. */
  readonly kind: string;
  /** The task (its `task` key) that job must have run, for kinds with tasks. */
  readonly ofTask?: string;
  /** The tasks of this kind that need the key (all when absent); with other tasks the key is refused. */
  readonly tasks?: readonly string[];
  /** A path inside that job's directory (its directory when absent). */
  readonly path?: string;
  /** The command's flag that gets the path; absent: an operand after the task. */
  readonly flag?: string;
  /** What the key means, for the error naming it. */
  readonly what: string;
}

/** What the references of a configuration resolved to. */
export interface ResolvedRefs {
  /** The configuration keys that were references (not flags of the command). */
  readonly keys: ReadonlySet<string>;
  readonly flags: Readonly<Record<string, string>>;
  readonly operands: readonly string[];
  /** Each key's resolved path. */
  readonly dirs: Readonly<Record<string, string>>;
}

/** Checks and resolves the references of `config`; BAD_CONFIG names the key of a missing, wrong or unfinished job. */
export function resolveJobRefs(where: string, refs: readonly JobRef[], config: FlagConfig, task: string | undefined, ctx: Prepare): ResolvedRefs {
  const keys = new Set(refs.map((r) => r.key));
  const flags: Record<string, string> = {};
  const operands: string[] = [];
  const dirs: Record<string, string> = {};
  for (const key of keys) {
    const applying = refs.filter((r) => r.key === key && (r.tasks === undefined || (task !== undefined && r.tasks.includes(task))));
    const value = config[key];
    if (applying.length === 0) {
      if (value !== undefined) throw usage(`${where}${task === undefined ? '' : ` ${task}`}: '${key}' is not used by this task`);
      continue;
    }
    const ref = applying[0]!;
    if (typeof value !== 'string' || value === '') throw usage(`${where}${task === undefined ? '' : ` ${task}`} needs '${key}': the id of ${ref.what}`);
    const job = ctx.job(value);
    if (job === undefined) throw usage(`${where}: '${key}' names no job of this service ('${value}'); it takes the id of ${ref.what}`);
    const jobTask = (job.config as Record<string, unknown> | null)?.['task'];
    if (job.kind !== ref.kind || (ref.ofTask !== undefined && jobTask !== ref.ofTask)) {
      throw usage(`${where}: '${key}' takes the id of ${ref.what}; '${value}' is a ${job.kind}${typeof jobTask === 'string' ? ` (${jobTask})` : ''}`);
    }
    if (job.status !== 'complete') throw usage(`${where}: '${key}': job '${value}' is ${job.status}, not complete`);
    for (const r of applying) {
      const path = r.path === undefined ? job.dir : join(job.dir, r.path);
      dirs[key] = path;
      if (r.flag === undefined) operands.push(path);
      else flags[r.flag] = path;
    }
  }
  return { keys, flags, operands, dirs };
}
