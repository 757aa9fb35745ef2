/**
 * `arena watch`'s flags as what a watch plays: the match configuration (built-in agents, the match record under
 * OUT/runs unless `runs-dir` says otherwise) and the watcher's settings, with the command's checks and codes.
 * The command line and the service's `watch` kind both start here.
 */
import { join, resolve } from 'node:path';
import { parseHistoryPolicy } from '../../perception/index.js';
import { num, usage, type FlagValues } from '../../protocol/index.js';
import { buildMatchConfig } from '../match/config-from-flags.js';
import type { MatchConfig } from '../match/match-config.js';
import { entryOf } from '../match/match-entry.js';
import type { WatchSettings } from './plan-watch.js';
import type { watchOptions } from './watch-flags.js';

/** The watch's match, watcher and output folder. */
export interface WatchFromFlags {
  readonly config: MatchConfig;
  readonly settings: WatchSettings;
  readonly outDir: string;
}

function tasksOf(text: string): { qa: boolean; proactive: boolean } {
  const names = text.split(',').map((t) => t.trim());
  const bad = names.find((n) => n !== 'qa' && n !== 'proactive');
  if (bad !== undefined || names.length === 0) throw usage(`--tasks takes qa, proactive or qa,proactive (got '${text}')`);
  return { qa: names.includes('qa'), proactive: names.includes('proactive') };
}

/** Checks `arena watch`'s flags (`given`: the ones set) and turns them into the match and the watcher; BAD_CONFIG names the flag. */
export function watchFromFlags(values: FlagValues<typeof watchOptions>, given: ReadonlySet<string>): WatchFromFlags {
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
  const base = buildMatchConfig({ ...values, ...noModel, 'runs-dir': values['runs-dir'] ?? join(outDir, 'runs') });
  // Built-in agents only, one per slot unless the agents were given.
  const agents = given.has('agents') || given.has('agent') || values.config ? base.agents : entryOf(base).slots.map(() => ({ kind: 'scripted' as const }));
  const settings: WatchSettings = {
    model: values.model,
    baseUrl: values['base-url'],
    apiKeyEnv: values['api-key-env'],
    fps,
    history,
    tasks,
    viewSlot: Number(values.view),
    qaEverySeconds: qaEvery,
    monitor: values.monitor,
    toleranceSeconds: Number(values.tolerance),
    maxSide: Number(values['max-side']),
    requestTimeoutSeconds: num(values['request-timeout'], 'request-timeout')!,
    retries: Number(values.retries),
    maxTokens: Number(values['max-tokens']),
    deployment: values.deployment,
  };
  return { config: { ...base, agents }, settings, outDir };
}
