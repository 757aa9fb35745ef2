/**
 * A job kind whose configuration is a plan's flag table as an object (`{"game": "sky_duel", "episodes": 2}`):
 * checked by the plan's flag table and its own checks, then the plan itself run in a plan process with the job's
 * directory as its folder (plan-child.ts; cancelling stops it, a rerun resumes from the plan's files).
 * Tournaments, curves, boards, watches, transfers and cases are such kinds; docs/architecture.md, "Add a job
 * kind", walks through one.
 */
import type { FlagTable, FlagValues } from '../../protocol/index.js';
import { usage } from '../../protocol/index.js';
import type { JobKind } from '../../serve/index.js';
import type { PlanName } from '../run/plan-names.js';
import { FlagConfig, parseFlagConfig } from './flag-config.js';
import { resolveJobRefs, type JobRef } from './job-refs.js';
import { runPlanChild } from './plan-child.js';

type Prepare = Parameters<JobKind<FlagConfig>['prepare']>[1];

/** What a plan's checks and the service's flags of a job see. */
export interface PlanJobContext extends Prepare {
  /** The configuration's task (its operand), when the kind has one. */
  readonly task: string | undefined;
  /** The flags the configuration set (not the service's). */
  readonly given: ReadonlySet<string>;
}

/** What a plan's job kind is. */
export interface PlanJob<T extends FlagTable> {
  /** Singular name; the API path is `/api/<plural>`. */
  readonly kind: string;
  readonly plural: string;
  /** The plan it runs. */
  readonly plan: PlanName;
  /** The plan's flag table: the configuration's keys. */
  readonly flags: T;
  /** A configuration key that is the plan's first operand instead of a flag (e.g. `task` of boards), with its allowed values. */
  readonly operand?: { readonly key: string; readonly values: readonly string[] };
  /** Configuration keys that name another job of the service (a transfer's curve): the plan gets that job's directory. */
  readonly jobRefs?: readonly JobRef[];
  /** Operands the service adds after the task (e.g. its runs folder for cases video-arena). */
  readonly operands?: (ctx: PlanJobContext) => readonly string[];
  /** The flags the service sets (refused in a configuration) and their values for a job. */
  readonly serviceFlags: (ctx: PlanJobContext) => Readonly<Record<string, string | true>>;
  /** Flags a job may not set although the service leaves them out (e.g. `resume`: the service resumes). */
  readonly refused?: readonly string[];
  readonly resumable: boolean;
  /** The plan's own checks beyond the flag table (same codes as the command); returns the job's first record fields. */
  readonly check?: (values: FlagValues<T>, ctx: PlanJobContext) => Promise<Readonly<Record<string, unknown>> | undefined>;
  /** The job's result from the files the plan wrote in its directory (and in the directories of the jobs it names), if any. */
  readonly result: (jobDir: string, refs: Readonly<Record<string, string>>) => Readonly<Record<string, unknown>> | undefined;
}

/** The job kind that runs a plan with a configuration's flag values. */
export function planJobKind<T extends FlagTable>(spec: PlanJob<T>): JobKind<FlagConfig> {
  return {
    kind: spec.kind,
    plural: spec.plural,
    schema: FlagConfig,
    spectatable: false,
    resumable: spec.resumable,
    async prepare(config, prepare) {
      const operand = spec.operand === undefined ? undefined : config[spec.operand.key];
      if (spec.operand !== undefined && (typeof operand !== 'string' || !spec.operand.values.includes(operand))) {
        throw usage(`${spec.kind}: '${spec.operand.key}' takes ${spec.operand.values.join(', ')} (got '${String(operand ?? '')}')`);
      }
      const task = typeof operand === 'string' ? operand : undefined;
      const refs = resolveJobRefs(spec.kind, spec.jobRefs ?? [], config, task, prepare);
      const { [spec.operand?.key ?? '']: _operand, ...rest } = config;
      const flags = Object.fromEntries(Object.entries(rest).filter(([k]) => !refs.keys.has(k)));
      const ctx: PlanJobContext = { ...prepare, task, given: new Set(Object.keys(flags)) };
      const set = { ...spec.serviceFlags(ctx), ...refs.flags };
      // An unknown flag, a bad value, or one the service sets: BAD_CONFIG, as the command would say.
      parseFlagConfig(flags, spec.flags, [...Object.keys(set), ...(spec.refused ?? [])], spec.kind);
      const values = parseFlagConfig({ ...flags, ...set }, spec.flags, [], spec.kind);
      const info = await spec.check?.(values, ctx);
      const operands = [...(task === undefined ? [] : [task]), ...(spec.operands?.(ctx) ?? []), ...refs.operands];
      const planConfig = { values, given: [...Object.keys(flags), ...Object.keys(set)], operands };
      return {
        ...(info === undefined ? {} : { info }),
        async run(job) {
          const outcome = await runPlanChild({ plan: spec.plan, config: planConfig, out: prepare.jobDir, command: ['arena', 'serve', spec.kind, prepare.id] }, prepare.jobDir, job.signal);
          const result = spec.result(prepare.jobDir, refs.dirs);
          return { ...outcome, ...(result === undefined ? {} : { result }) };
        },
      };
    },
  };
}
