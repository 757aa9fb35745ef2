/**
 * `arena watch`: a live match played by built-in agents, watched by a model that gets the match's frames
 * causally at a declared rate under a declared history policy, and TRACE's QA and proactive tasks from the
 * game's own events and progress (docs/perception.md). The match flags are `arena match`'s.
 */
import { join, resolve } from 'node:path';
import OpenAI from 'openai';
import { endpointSemaphore, NO_API_KEY } from '../../agents/index.js';
import { getVariant } from '../../games-manifest/index.js';
import { parseHistoryPolicy, parseMonitor, vocabularyFor, watchMatch, type WatchConditions } from '../../perception/index.js';
import { usage } from '../cli-error.js';
import { num, parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { ProgressBar } from '../progress-bar.js';
import { abortOnStopSignals } from '../stop-signals.js';
import { entryOf, resolveMatch } from '../../plans/index.js';
import { buildMatchConfig } from '../cli/match-config.js';
import { matchOptions } from '../cli/match-flags.js';

const { model: _m, 'base-url': _b, 'api-key-env': _k, 'agent-config': _c, swap: _s, video: _v, 'video-fps': _f, listen: _l, json: _j, ...matchFlags } = matchOptions;

/** `arena watch`'s flags: the match's (as `arena match`), then the watcher's. */
export const watchOptions = {
  ...matchFlags,
  model: { type: 'string', arg: 'M', description: "the watcher's model (required)" },
  'base-url': { type: 'string', arg: 'URL', description: "the watcher's OpenAI-compatible endpoint (required)" },
  'api-key-env': { type: 'string', arg: 'VAR', defaultText: 'no key', description: "the environment variable that holds the watcher's API key" },
  fps: { type: 'string', kind: 'number', arg: 'F', default: '1', description: 'frames per second of game time the watcher gets (0.1 to 10)' },
  history: { type: 'string', arg: 'native[:CAP]|window:S', default: 'native', description: 'native: one growing conversation, at most CAP images (default 256); window:S: a fresh request of the last S seconds at each query' },
  tasks: { type: 'string', arg: 'qa,proactive', default: 'qa,proactive', description: 'the tasks to run' },
  view: { type: 'string', kind: 'integer', arg: 'SLOT', default: '0', description: "whose view the watcher sees" },
  'qa-every': { type: 'string', kind: 'number', arg: 'S', default: '10', description: 'a question every S seconds of game time' },
  monitor: { type: 'string', arg: 'event:NAME|completion:NAME|lead|score', defaultText: 'lead with two or more players, score otherwise', description: 'what the proactive instruction asks the watcher to report' },
  tolerance: { type: 'string', kind: 'number', arg: 'S', default: '5', description: 'how long an event trigger stays valid, seconds (cut at the next trigger)' },
  'max-side': { type: 'string', kind: 'integer', arg: 'PX', default: '768', description: 'largest image side sent to the watcher' },
  'request-timeout': { type: 'string', kind: 'number', arg: 'S', default: '60', description: "deadline of one watcher request; past it the response is recorded as incomplete" },
  retries: { type: 'string', kind: 'integer', arg: 'N', default: '0', description: 'retries of a failed watcher request' },
  'max-tokens': { type: 'string', kind: 'integer', arg: 'N', default: '64', description: 'output cap of one watcher reply' },
  deployment: { type: 'string', arg: 'TEXT', default: 'undeclared', description: 'how the model is served, declared in the report (e.g. local-service, remote-api, loaded-weights)' },
  out: { type: 'string', arg: 'DIR', description: 'where watch.json, requests.jsonl and summary.txt go (required); the match record goes into DIR/runs unless --runs-dir says otherwise' },
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;

function tasksOf(text: string): { qa: boolean; proactive: boolean } {
  const names = text.split(',').map((t) => t.trim());
  const bad = names.find((n) => n !== 'qa' && n !== 'proactive');
  if (bad !== undefined || names.length === 0) throw usage(`--tasks takes qa, proactive or qa,proactive (got '${text}')`);
  return { qa: names.includes('qa'), proactive: names.includes('proactive') };
}

export async function watchCommand(argv: string[]): Promise<number> {
  const { values, given } = parseFlags('watch', watchOptions, argv);
  if (!values.model) throw usage('arena watch needs the watcher model: --model M');
  if (!values['base-url']) throw usage('arena watch needs the watcher endpoint: --base-url URL');
  if (!values.out) throw usage('arena watch needs --out DIR');
  const fps = num(values.fps, 'fps')!;
  if (fps < 0.1 || fps > 10) throw usage(`--fps takes 0.1 to 10 frames per second (got '${values.fps}')`);
  const history = parseHistoryPolicy(values.history, 256);
  if (!history) throw usage(`--history takes native, native:CAP or window:SECONDS (got '${values.history}')`);
  const tasks = tasksOf(values.tasks);
  const qaEvery = num(values['qa-every'], 'qa-every')!;
  if (tasks.qa && qaEvery <= 0) throw usage('--qa-every must be more than 0 seconds');
  const outDir = resolve(values.out);
  // Built-in agents only: refused before the agents are built, whose own checks would name a model's flags.
  const named = [values.agents, values.agent].flatMap((v) => (v === undefined ? [] : v.split(',')));
  const refusedKind = named.find((k) => k === 'vlm' || k === 'remote');
  if (refusedKind) throw usage(`arena watch plays built-in agents only (scripted, random, idle); got '${refusedKind}'`);
  const noModel = { model: undefined, 'base-url': undefined, 'api-key-env': undefined, 'agent-config': undefined, swap: false, video: false, 'video-fps': '10', listen: undefined, json: false };
  const config = buildMatchConfig({ ...values, ...noModel, 'runs-dir': values['runs-dir'] ?? join(outDir, 'runs') });
  const entry = entryOf(config);
  // Built-in agents only, one per slot unless the agents were given.
  const agents = given.has('agents') || given.has('agent') || values.config ? config.agents : entry.slots.map(() => ({ kind: 'scripted' }));
  const refused = agents.find((a) => a.kind === 'vlm' || a.kind === 'remote');
  if (refused) throw usage(`arena watch plays built-in agents only (scripted, random, idle); got '${refused.kind}'`);
  const spec = resolveMatch({ ...config, agents });
  const viewSlot = Number(values.view);
  if (!spec.slots.some((s) => s.slot === viewSlot)) throw usage(`--view ${viewSlot}: the match has slots ${spec.slots.map((s) => s.slot).join(', ')}`);
  const slots = spec.slots.map((s) => s.slot);
  const monitorText = values.monitor ?? (slots.length > 1 ? 'lead' : 'score');
  const monitor = parseMonitor(monitorText, viewSlot);
  const variant = getVariant(entry, config.variant ?? entry.variants[0]!.id);
  const timeLimitMs = config.timeLimitMs ?? variant.timeLimitMs ?? entry.timeLimitMs;
  const timeoutMs = num(values['request-timeout'], 'request-timeout')! * 1000;
  const keyEnv = values['api-key-env'];
  const apiKey = keyEnv ? process.env[keyEnv]?.trim() || NO_API_KEY : NO_API_KEY;
  const baseUrl = values['base-url'];
  const client = new OpenAI({ baseURL: baseUrl, apiKey, maxRetries: 0, timeout: timeoutMs + 10_000 });
  const controller = new AbortController();
  const stopSignals = abortOnStopSignals(controller);
  const maxSide = Number(values['max-side']);
  const conditions: WatchConditions = {
    game: entry.id,
    variant: variant.id,
    seed: config.seed,
    clock: config.clock,
    history,
    boundary: 'model+adapter',
    samplingFps: fps,
    view: { slot: viewSlot, maxSide, jpegQuality: 85 },
    deployment: values.deployment,
    provider: baseUrl,
    model: values.model,
    proactiveInitiation: 'self-initiated',
    tasks: [...(tasks.qa ? ['qa'] : []), ...(tasks.proactive ? ['proactive'] : [])],
    qaEverySeconds: qaEvery,
    monitor: monitorText,
    toleranceSeconds: Number(values.tolerance),
    requestTimeoutSeconds: timeoutMs / 1000,
    gameTime: config.clock === 'realtime' ? 'the newest game time the stream had shown at each wall moment (realtime: game time runs with the wall clock)' : 'the newest game time the stream had shown at each wall moment (the game holds still while the players think, not for the watcher)',
  };
  const bar = values.quiet ? undefined : new ProgressBar(`watch ${entry.id} ${config.clock}`);
  try {
    const run = await watchMatch(
      {
        ...spec,
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'started') process.stderr.write(`run ${e.runId} -> ${e.dir}\n`);
          if (e.type === 'advanced') bar?.update(Math.min(1, e.simMs / timeLimitMs), `t=${(e.simMs / 1000).toFixed(1)}s`);
        },
      },
      {
        gameName: entry.name,
        slots,
        vocabulary: vocabularyFor(entry.id, slots),
        viewSlot,
        fps,
        maxSide,
        quality: 85,
        history,
        tasks,
        qaEveryMs: qaEvery * 1000,
        seed: config.seed,
        monitor,
        toleranceMs: Number(values.tolerance) * 1000,
        model: { client, model: values.model, semaphore: endpointSemaphore(baseUrl, 1), timeoutMs, retries: Number(values.retries), maxTokens: Number(values['max-tokens']) },
        signal: controller.signal,
      },
      conditions,
      outDir,
      timeLimitMs,
    );
    bar?.update(1, 'done');
    bar?.done();
    process.stdout.write(`${run.summary}${join(outDir, 'watch.json')}\n`);
    return run.match.status === 'complete' ? 0 : 1;
  } finally {
    stopSignals();
  }
}

/** `arena watch` in the command table. */
export const watchCli: CommandSpec = {
  flags: watchOptions,
  examples: [
    'arena watch --game sky_duel --agents scripted,random --model fake-vlm --base-url http://127.0.0.1:8000/v1 --time-limit 30 --out /tmp/watch',
    'arena watch --game sky_duel --clock realtime --history window:8 --tasks proactive --monitor event:hit --model M --base-url URL --out /tmp/watch-rt',
  ],
  notes: [
    'The watcher never gets privileged state: only the sampled frames of one view, and the questions and the instruction.',
    'Game time of a reply is the newest game time the stream had shown when it came (docs/perception.md). Exit 0 when the match completed, 1 otherwise; a watcher request that timed out is recorded, not fatal.',
  ],
  run: watchCommand,
};
