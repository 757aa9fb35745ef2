/**
 * `arena cases`'s flags as what each subcommand runs, with the command's checks and codes: a golden set's
 * selection (video-arena), a model on a set (run), a results folder's scoring (score). The command line and the
 * service's `cases` kind both start here.
 */
import { DEFAULT_CONCURRENCY, parseModelRoute, PROTOCOLS, type Protocol, type RunCasesOptions } from '../../perception/index.js';
import { usage, type FlagValues } from '../../protocol/index.js';
import { CASES_TASKS, type CasesTask, type casesRunFlags, type casesScoreFlags, type casesVideoArenaFlags } from './cases-flags.js';

/** BAD_CONFIG when a flag of another subcommand was given. */
export function checkCasesFlags(task: CasesTask, given: ReadonlySet<string>): void {
  const foreign = [...given].filter((f) => !(f in CASES_TASKS[task]));
  if (foreign.length > 0) throw usage(`arena cases ${task} does not take --${foreign.join(', --')}`);
}

/** What `arena cases video-arena` builds. */
export interface VideoArenaSettings {
  readonly out: string;
  readonly perGame: number;
  readonly seed: number;
  readonly fps: number;
}

export function videoArenaSettings(values: FlagValues<typeof casesVideoArenaFlags>): VideoArenaSettings {
  if (values.out === undefined) throw usage('arena cases video-arena needs --out DIR');
  const fps = Number(values.fps);
  if (fps < 1 || fps > 60) throw usage(`--fps takes 1 to 60 frames per second (got ${fps})`);
  return { out: values.out, perGame: Number(values['per-game']), seed: Number(values.seed), fps };
}

function whole(value: string, flag: string, min: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw usage(`--${flag} takes a whole number of at least ${min} (got '${value}')`);
  return n;
}

function extraBody(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw usage(`--extra-body takes a JSON object (got '${text}')`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw usage(`--extra-body takes a JSON object (got '${text}')`);
  return value as Record<string, unknown>;
}

/** What `arena cases run` runs on a set: everything `runCases` takes but the set, the signal and the progress callback. */
export type CasesRunSettings = Omit<RunCasesOptions, 'dir' | 'signal' | 'onCase'>;

export function casesRunSettings(values: FlagValues<typeof casesRunFlags>): CasesRunSettings {
  const protocol = values.protocol as Protocol | undefined;
  if (protocol === undefined || !(PROTOCOLS as readonly string[]).includes(protocol)) throw usage(`--protocol takes native or agentic (got '${values.protocol ?? ''}')`);
  if (values.model === undefined || values['base-url'] === undefined) throw usage('arena cases run needs --model and --base-url');
  if (values.out === undefined) throw usage('arena cases run needs --out RESULTS');
  const concurrency = values.concurrency === undefined ? DEFAULT_CONCURRENCY[protocol] : whole(values.concurrency, 'concurrency', 1);
  const extra = extraBody(values['extra-body']);
  const route = parseModelRoute({
    model: values.model,
    baseUrl: values['base-url'],
    ...(values['api-key-env'] ? { apiKeyEnv: values['api-key-env'] } : {}),
    timeoutMs: whole(values.timeout, 'timeout', 1),
    retries: whole(values.retries, 'retries', 0),
    maxOutputTokens: whole(values['max-output-tokens'], 'max-output-tokens', 1),
    maxConcurrent: concurrency,
    ...(extra ? { extraBody: extra } : {}),
  });
  const wallClockS = Number(values['wall-clock']);
  if (!(wallClockS > 0)) throw usage(`--wall-clock takes a positive number of seconds (got '${values['wall-clock']}')`);
  return {
    out: values.out,
    protocol,
    route,
    concurrency,
    agentic: { maxTurns: whole(values['max-turns'], 'max-turns', 1), wallClockS },
    ...(values.case ? { only: values.case.split(',').map((s) => s.trim()) } : {}),
  };
}

/** What `arena cases score` scores against and writes. */
export interface CasesScoreSettings {
  readonly casesDir: string;
  readonly bootstrap: number;
  readonly seed: number;
  readonly plots: string | undefined;
  readonly report: string | undefined;
}

export function casesScoreSettings(values: FlagValues<typeof casesScoreFlags>): CasesScoreSettings {
  if (values.cases === undefined) throw usage('arena cases score needs --cases DIR (the golden set)');
  return { casesDir: values.cases, bootstrap: Number(values.bootstrap), seed: Number(values.seed), plots: values.plots, report: values.report };
}
