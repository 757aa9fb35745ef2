/**
 * A job kind whose configuration is a command's flags as an object (`{"game": "sky_duel", "episodes": 2}`): checked
 * by the command's own flag table and the plan's own checks, then run as an `arena` child process in the job's
 * directory (cancelling sends SIGINT, a rerun resumes from the command's files). Tournaments, curves and boards
 * are such kinds; docs/architecture.md, "Add a job kind", walks through one.
 */
import type { FlagTable, FlagValues } from '../../protocol/index.js';
import { usage } from '../../protocol/index.js';
import type { JobKind } from '../../serve/index.js';
import { runChildJob } from './child-job.js';
import { FlagConfig, flagArgv, parseFlagConfig } from './flag-config.js';

type Prepare = Parameters<JobKind<FlagConfig>['prepare']>[1];

/** What a command's job kind is. */
export interface CommandJob<T extends FlagTable> {
  /** Singular name; the API path is `/api/<plural>`. */
  readonly kind: string;
  readonly plural: string;
  /** The `arena` command it runs. */
  readonly command: string;
  /** The command's flag table: the configuration's keys. */
  readonly flags: T;
  /** A configuration key that is the command's operand instead of a flag (e.g. `task` of `arena boards`), with its allowed values. */
  readonly operand?: { readonly key: string; readonly values: readonly string[] };
  /** The flags the service sets (refused in a configuration) and their values for a job. */
  readonly serviceFlags: (ctx: Prepare) => Readonly<Record<string, string | true>>;
  /** Flags a job may not set although the service leaves them out (e.g. `resume`: the service resumes). */
  readonly refused?: readonly string[];
  readonly resumable: boolean;
  /** The plan's own checks beyond the flag table (same codes as the command); returns the job's first record fields. */
  readonly check?: (values: FlagValues<T>, ctx: Prepare) => Promise<Readonly<Record<string, unknown>> | undefined>;
  /** The job's result from the files the command wrote in its directory, if any. */
  readonly result: (jobDir: string) => Readonly<Record<string, unknown>> | undefined;
}

/** The job kind that runs `arena <command>` with a configuration's flags. */
export function commandJobKind<T extends FlagTable>(spec: CommandJob<T>): JobKind<FlagConfig> {
  return {
    kind: spec.kind,
    plural: spec.plural,
    schema: FlagConfig,
    spectatable: false,
    resumable: spec.resumable,
    async prepare(config, ctx) {
      const operand = spec.operand === undefined ? undefined : config[spec.operand.key];
      if (spec.operand !== undefined && (typeof operand !== 'string' || !spec.operand.values.includes(operand))) {
        throw usage(`${spec.kind}: '${spec.operand.key}' takes ${spec.operand.values.join(', ')} (got '${String(operand ?? '')}')`);
      }
      const { [spec.operand?.key ?? '']: _operand, ...flags } = config;
      const set = spec.serviceFlags(ctx);
      // An unknown flag, a bad value, or one the service sets: BAD_CONFIG, as the command would say.
      parseFlagConfig(flags, spec.flags, [...Object.keys(set), ...(spec.refused ?? [])], spec.kind);
      const info = await spec.check?.(parseFlagConfig({ ...flags, ...set }, spec.flags, [], spec.kind), ctx);
      const args = [spec.command, ...(typeof operand === 'string' ? [operand] : []), ...flagArgv(flags), ...flagArgv(set)];
      return {
        ...(info === undefined ? {} : { info }),
        async run(job) {
          const outcome = await runChildJob(args, ctx.jobDir, job.signal);
          const result = spec.result(ctx.jobDir);
          return { ...outcome, ...(result === undefined ? {} : { result }) };
        },
      };
    },
  };
}
