/** `arena cases run DIR --protocol native|agentic --model M --base-url URL --out RESULTS`: a model on a golden set. */
import { DEFAULT_AGENTIC_LIMITS, DEFAULT_CONCURRENCY, parseModelRoute, PROTOCOLS, runCases, type Protocol } from '../../../perception/index.js';
import { usage } from '../../cli-error.js';
import type { FlagTable, FlagValues } from '../../cli/flags.js';
import { abortOnStopSignals } from '../../stop-signals.js';

/** The flags of `arena cases run`. */
export const casesRunFlags = {
  protocol: { type: 'string', arg: 'native|agentic', defaultText: 'required', description: 'run: native (one request, 1 fps frames, at most 256) or agentic (tools over the full video)' },
  model: { type: 'string', arg: 'M', defaultText: 'required', description: 'run: the model name as the endpoint knows it' },
  'base-url': { type: 'string', arg: 'URL', defaultText: 'required', description: 'run: the OpenAI-compatible API root, with /v1' },
  'api-key-env': { type: 'string', arg: 'VAR', defaultText: 'OPENAI_API_KEY', description: "run: the environment variable holding the model's API key" },
  concurrency: { type: 'string', kind: 'integer', arg: 'N', defaultText: '5 native, 3 agentic', description: 'run: cases in flight at once' },
  out: { type: 'string', arg: 'RESULTS', defaultText: 'required', description: 'run: the results folder (one JSON per case, model and protocol; complete ones are not run again)' },
  'max-turns': { type: 'string', kind: 'integer', arg: 'N', default: String(DEFAULT_AGENTIC_LIMITS.maxTurns), description: 'run, agentic: most model turns per case' },
  'wall-clock': { type: 'string', kind: 'number', arg: 'S', default: String(DEFAULT_AGENTIC_LIMITS.wallClockS), description: 'run, agentic: wall-clock budget per case, seconds' },
  timeout: { type: 'string', kind: 'integer', arg: 'MS', default: '600000', description: 'run: deadline of one provider attempt' },
  retries: { type: 'string', kind: 'integer', arg: 'N', default: '2', description: 'run: retries after a timeout, a connection error or a 408/409/429/5xx' },
  'max-output-tokens': { type: 'string', kind: 'integer', arg: 'N', default: '16384', description: 'run: most tokens of one answer (native) or one turn (agentic)' },
  'extra-body': { type: 'string', arg: 'JSON', description: 'run: extra request fields, e.g. {"reasoning_effort":"low"}' },
  case: { type: 'string', arg: 'ID,...', description: 'run: only these case ids' },
} as const satisfies FlagTable;

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

/** Runs `arena cases run` with parsed flags and the golden set folder. */
export async function casesRun(values: FlagValues<typeof casesRunFlags>, dir: string): Promise<number> {
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
  const agentic = { maxTurns: whole(values['max-turns'], 'max-turns', 1), wallClockS };
  const controller = new AbortController();
  const stop = abortOnStopSignals(controller);
  try {
    const summary = await runCases({
      dir,
      out: values.out,
      protocol,
      route,
      concurrency,
      agentic,
      ...(values.case ? { only: values.case.split(',').map((s) => s.trim()) } : {}),
      signal: controller.signal,
      onCase: (r, skipped) => process.stdout.write(`${r.caseId} ${r.protocol} ${r.model}: ${skipped ? 'complete already' : r.outcome}${r.infraClass ? ` (${r.infraClass})` : ''}${r.reason ? ` (${r.reason})` : ''}, ${r.tuples.length} tuples\n`),
    });
    process.stdout.write(`${summary.cases} cases: ${summary.ran} run, ${summary.skipped} complete already; ${Object.entries(summary.outcomes).map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
    return summary.outcomes.infrastructure > 0 ? 1 : 0;
  } finally {
    stop();
  }
}
