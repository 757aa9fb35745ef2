/**
 * `arena curve`: an Improvement Dynamics Curve on one game. Wires the player (a VLM agent that plays the
 * skill, or a built-in agent that ignores it) and the reflector (an OpenAI client on any compatible endpoint)
 * into `runCurve`, with a progress bar on stderr and the summary table on stdout. The curve's id is derived
 * from its settings, so rerunning the same command resumes it; see docs/curves.md.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import OpenAI from 'openai';
import { z } from 'zod';
import { approxTokens, createAgent, createVlmAgent, NO_API_KEY, parseVlmAgentConfig, type VlmAgentConfigInput } from '../../agents/index.js';
import { getGame } from '../../games-manifest/index.js';
import { BannedPattern, curveSummary, parseCurveSettings, runCurve, type CurveEvent, type CurveSettings, type CurveSettingsInput, type PlayerFactory } from '../../reflection/index.js';
import { usage } from '../cli-error.js';
import { readConfigFile } from '../match-config.js';
import { ProgressBar } from '../progress-bar.js';

export const curveOptions = {
  game: { type: 'string', default: 'last_stand' },
  variant: { type: 'string' },
  'held-out': { type: 'string' },
  agent: { type: 'string', default: 'vlm' },
  model: { type: 'string' },
  'base-url': { type: 'string' },
  'api-key-env': { type: 'string' },
  'agent-config': { type: 'string' },
  'reflector-model': { type: 'string' },
  'reflector-base-url': { type: 'string' },
  'reflector-api-key-env': { type: 'string' },
  'reflector-timeout': { type: 'string' },
  'max-tool-calls': { type: 'string' },
  'max-submissions': { type: 'string' },
  rounds: { type: 'string' },
  episodes: { type: 'string' },
  seed: { type: 'string' },
  clock: { type: 'string' },
  latency: { type: 'string' },
  'rollback-ratio': { type: 'string' },
  success: { type: 'string' },
  'skill-cap': { type: 'string' },
  'notebook-cap': { type: 'string' },
  'banned-patterns': { type: 'string' },
  steps: { type: 'string' },
  'time-limit': { type: 'string' },
  'obs-delay': { type: 'string' },
  'decision-timeout': { type: 'string' },
  out: { type: 'string', default: 'curves' },
  id: { type: 'string' },
  json: { type: 'boolean', default: false },
  quiet: { type: 'boolean', default: false },
} as const;

type CurveFlags = ReturnType<typeof parseArgs<{ options: typeof curveOptions; allowPositionals: false }>>['values'];

function num(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw usage(`--${flag} takes a non-negative number (got '${value}')`);
  return n;
}

function apiKey(envName: string): string {
  const value = process.env[envName];
  return value === undefined || value.trim() === '' ? NO_API_KEY : value.trim();
}

/** The VLM player's configuration: --agent-config with --model, --base-url and --api-key-env on top. */
function vlmInput(flags: CurveFlags): VlmAgentConfigInput {
  const file = flags['agent-config'] ? readConfigFile(flags['agent-config'], z.record(z.string(), z.unknown())) : {};
  const merged = {
    ...file,
    ...(flags.model ? { model: flags.model } : {}),
    ...(flags['base-url'] ? { baseUrl: flags['base-url'] } : {}),
    ...(flags['api-key-env'] ? { apiKeyEnv: flags['api-key-env'] } : {}),
  };
  parseVlmAgentConfig(merged);
  return merged as VlmAgentConfigInput;
}

/** The curve settings the flags describe (validated: BAD_CONFIG on any bad value). */
export function curveSettingsFromFlags(flags: CurveFlags): { settings: CurveSettings; vlm: VlmAgentConfigInput | undefined } {
  const kind = flags.agent;
  const vlm = kind === 'vlm' ? vlmInput(flags) : undefined;
  const reflectorModel = flags['reflector-model'] ?? (typeof vlm?.model === 'string' ? vlm.model : flags.model);
  if (reflectorModel === undefined) throw usage('the reflector needs a model: --reflector-model (or --model for a vlm player)');
  const rounds = num(flags.rounds, 'rounds');
  const episodes = num(flags.episodes, 'episodes');
  if (rounds === undefined || episodes === undefined) throw usage('--rounds and --episodes are required');
  const timeLimit = num(flags['time-limit'], 'time-limit');
  const heldOut = flags['held-out'] === undefined ? undefined : flags['held-out'] === 'none' ? [] : flags['held-out'].split(',').map((v) => v.trim()).filter((v) => v.length > 0);
  const banned = flags['banned-patterns'] ? readConfigFile(flags['banned-patterns'], z.array(BannedPattern)) : undefined;
  const set = <T>(key: string, value: T | undefined): Record<string, T> => (value === undefined ? {} : { [key]: value });
  const input: CurveSettingsInput = {
    game: getGame(flags.game).id,
    ...set('variant', flags.variant),
    ...set('heldOut', heldOut),
    rounds,
    episodes,
    ...set('seed', num(flags.seed, 'seed')),
    ...set('clock', flags.clock as CurveSettingsInput['clock']),
    ...set('rollbackRatio', num(flags['rollback-ratio'], 'rollback-ratio')),
    ...set('successThreshold', num(flags.success, 'success')),
    ...set('skillTokens', num(flags['skill-cap'], 'skill-cap')),
    ...set('notebookTokens', num(flags['notebook-cap'], 'notebook-cap')),
    ...set('banned', banned),
    reflector: {
      model: reflectorModel,
      ...set('maxToolCalls', num(flags['max-tool-calls'], 'max-tool-calls')),
      ...set('maxSubmissions', num(flags['max-submissions'], 'max-submissions')),
    },
    match: {
      ...set('stepBudget', num(flags.steps, 'steps')),
      ...set('timeLimitMs', timeLimit === undefined ? undefined : Math.round(timeLimit * 1000)),
      ...set('observationDelayMs', num(flags['obs-delay'], 'obs-delay')),
      ...set('decisionTimeoutMs', num(flags['decision-timeout'], 'decision-timeout')),
      ...set('latency', flags.latency),
    },
    player: {
      kind,
      ...(vlm ? { model: vlm.model, baseUrl: vlm.baseUrl } : {}),
      reflectorBaseUrl: flags['reflector-base-url'] ?? vlm?.baseUrl ?? flags['base-url'] ?? null,
    },
  };
  return { settings: parseCurveSettings(input), vlm };
}

/** The default curve id: game, player and a digest of every setting but `rounds`, so the same command resumes. */
export function defaultCurveId(settings: CurveSettings): string {
  const { rounds: _rounds, ...rest } = settings;
  const digest = createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 10);
  const { model, kind } = settings.player;
  const who = typeof model === 'string' ? model : typeof kind === 'string' ? kind : 'player';
  return `${settings.game}-${who.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40)}-${digest}`;
}

function progressLine(e: Extract<CurveEvent, { type: 'episode' }>): string {
  const where = e.phase === 'round' ? `round ${e.round ?? 0}` : `held-out ${e.variant} ${e.arm ?? ''}`;
  return `${where} episode ${e.episode}: ${e.score.toFixed(3)}${e.played ? '' : ' (done before)'}`;
}

export async function curveCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options: curveOptions, allowPositionals: false, strict: true });
  const { settings, vlm } = curveSettingsFromFlags(values);
  const kind = values.agent;
  // Fails now on an unknown kind or a game without a scripted policy, not in the middle of round 0.
  if (kind !== 'vlm') await createAgent(kind, { game: settings.game, seed: settings.seed }).close();
  const makePlayer: PlayerFactory =
    vlm !== undefined
      ? (skill) => createVlmAgent({ ...vlm, skill, skillTokenCap: settings.skillTokens })
      : (_skill, ctx) => createAgent(kind, { game: settings.game, seed: ctx.seed });
  const reflectorBaseUrl = values['reflector-base-url'] ?? vlm?.baseUrl ?? values['base-url'];
  if (reflectorBaseUrl === undefined) throw usage('the reflector needs an endpoint: --reflector-base-url (or --base-url)');
  const timeoutS = num(values['reflector-timeout'], 'reflector-timeout') ?? 300;
  const reflector = new OpenAI({ baseURL: reflectorBaseUrl, apiKey: apiKey(values['reflector-api-key-env'] ?? values['api-key-env'] ?? 'OPENAI_API_KEY'), maxRetries: 2, timeout: timeoutS * 1000 });
  const id = values.id ?? defaultCurveId(settings);
  const dir = join(values.out, id);

  const controller = new AbortController();
  const onSigint = (): void => controller.abort();
  process.once('SIGINT', onSigint);
  const bar = values.quiet ? undefined : new ProgressBar(`curve ${settings.game}`);
  let total = 1;
  try {
    const state = await runCurve({
      dir,
      settings,
      makePlayer,
      reflector,
      countTokens: approxTokens,
      signal: controller.signal,
      meta: { command: ['arena', 'curve', ...argv] },
      onEvent: (e) => {
        switch (e.type) {
          case 'started':
            total = e.total;
            process.stderr.write(`curve ${id} -> ${dir}${e.resumed ? ` (resuming: ${e.done}/${e.total} episodes done)` : ''}\n`);
            bar?.update(e.done / total, 'starting');
            break;
          case 'episode':
            bar?.update(e.done / total, progressLine(e));
            break;
          case 'reflecting':
            bar?.update(Math.min(1, ((e.afterRound + 1) * settings.episodes) / total), `reflecting on round ${e.afterRound}`);
            break;
          case 'round':
          case 'reflected':
          case 'transfer':
            break;
        }
      },
    });
    bar?.update(1, 'done');
    bar?.done();
    process.stdout.write(values.json ? `${JSON.stringify(state, null, 2)}\n` : `${curveSummary(state)}${dir}\n`);
    return 0;
  } catch (err) {
    bar?.done();
    if (controller.signal.aborted) process.stderr.write(`curve ${id} stopped; run the same command again to resume\n`);
    throw err;
  } finally {
    process.off('SIGINT', onSigint);
  }
}
