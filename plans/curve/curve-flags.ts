/**
 * `arena curve`'s flags and the curve settings they describe: all of them for a new curve, or, with `--resume`,
 * only the flags given laid over the stored curve's settings. A flag that contradicts a stored curve is refused
 * with BAD_CONFIG naming the flag, whichever way the curve is resumed (`--resume ID` or the same command again).
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { parseVlmAgentConfig, vlmConfigInput, type VlmAgentConfigInput } from '../../agents/index.js';
import { getGame } from '../../games-manifest/index.js';
import { ClockMode } from '../../gateway/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { BannedPattern, parseCurveSettings, settingsMismatch, type CurveSettings } from '../../reflection/index.js';
import { usage } from '../../protocol/index.js';
import { limitFlags } from '../match/limit-flags.js';
import { num, type FlagTable, type FlagValues } from '../../protocol/index.js';
import { readConfigFile } from '../match/match-config.js';
import { describePlayer, storedPlayer, storedVlmConfig, type StoredPlayer } from './curve-player.js';
import { curveWorkFlags } from './curve-work.js';

/** `arena curve`'s flags, without defaults, so that a flag given can be told from one left out (`--resume` lays only those over). */
export const curveOptions = {
  game: { type: 'string', arg: 'ID', defaultText: 'last_stand', description: 'a solo or coop game from arena games' },
  variant: { type: 'string', arg: 'ID', defaultText: 'first non-held-out variant', description: 'variant the skill is learned on' },
  'held-out': { type: 'string', arg: 'V1,V2|none', defaultText: 'every held-out variant', description: 'variants for transfer' },
  agent: { type: 'string', arg: 'KIND', defaultText: 'vlm', description: 'the player: vlm, or scripted / random / idle for testing without a player model' },
  model: { type: 'string', arg: 'M', description: "the VLM player's model (docs/agents.md)" },
  'base-url': { type: 'string', arg: 'URL', description: "the VLM player's OpenAI-compatible endpoint" },
  'api-key-env': { type: 'string', arg: 'VAR', description: "the environment variable with the VLM player's API key" },
  'agent-config': { type: 'string', arg: 'FILE', description: 'a JSON VlmAgentConfig; the flags above override it; skill is set by the curve' },
  'reflector-model': { type: 'string', arg: 'R', defaultText: "the player's --model", description: 'reflector model' },
  'reflector-base-url': { type: 'string', arg: 'URL', defaultText: "the player's --base-url", description: 'reflector endpoint (OpenAI-compatible, with function calling)' },
  'reflector-api-key-env': { type: 'string', arg: 'VAR', defaultText: '--api-key-env, else OPENAI_API_KEY', description: "reflector key; unset means the key 'none' (local servers)" },
  'reflector-timeout': { type: 'string', kind: 'number', arg: 'S', defaultText: '300', description: 'deadline of one reflector call, seconds' },
  'reflector-max-tokens': { type: 'string', arg: 'N|none', defaultText: '4096', description: 'most tokens per reflector turn (max_completion_tokens); none sends no cap' },
  'reflector-temperature': { type: 'string', arg: 'X|none', defaultText: '0', description: 'reflector sampling temperature; none sends none' },
  'reflector-extra-body': { type: 'string', arg: 'JSON', defaultText: '{}', description: 'extra request fields for the reflector, e.g. \'{"reasoning_effort":"low"}\'' },
  'reflector-frames-per-call': { type: 'string', kind: 'integer', arg: 'N', defaultText: '4', description: 'frames per view_frames call' },
  'reflector-frame-side': { type: 'string', kind: 'integer', arg: 'PX', defaultText: '512', description: 'largest side of a frame shown to the reflector' },
  'max-tool-calls': { type: 'string', kind: 'integer', arg: 'N', defaultText: '24', description: 'inspection calls per reflection' },
  'max-submissions': { type: 'string', kind: 'integer', arg: 'N', defaultText: '3', description: 'submissions per reflection' },
  rounds: { type: 'string', kind: 'integer', arg: 'R', defaultText: 'required for a new curve', description: 'reflection rounds; the curve has R + 1 rounds' },
  episodes: { type: 'string', kind: 'integer', arg: 'K', defaultText: 'required for a new curve', description: 'episodes per round and per held-out arm' },
  seed: { type: 'string', kind: 'integer', arg: 'S', defaultText: '1', description: 'seed of episode 0' },
  clock: { type: 'string', arg: ClockMode.options.join('|'), defaultText: 'pdq', description: 'clock mode of every episode (docs/clock.md)' },
  latency: { type: 'string', arg: 'SRC', defaultText: 'wall', description: 'lcrt latency source of the player' },
  'rollback-ratio': { type: 'string', kind: 'number', arg: 'X', defaultText: '0.5', description: 'rollback below X times the best mean' },
  success: { type: 'string', kind: 'number', arg: 'X', defaultText: '0.999', description: "stop early when a round's mean reaches X" },
  'skill-cap': { type: 'string', kind: 'integer', arg: 'N', defaultText: '1200', description: 'token bound of the skill' },
  'notebook-cap': { type: 'string', kind: 'integer', arg: 'N', defaultText: '2000', description: 'token bound of the notebook' },
  'banned-patterns': { type: 'string', arg: 'FILE', defaultText: 'built-in list', description: 'JSON array of {id, pattern, flags, description}' },
  ...limitFlags,
  profile: { type: 'string', arg: 'default|omnigamearena', defaultText: 'default', description: "every episode by our rules or the benchmark runner's (docs/omnigamearena.md)" },
  env: { type: 'string', arg: 'URL', defaultText: 'the built-in version', description: 'where the game runs: remote-input://HOST:PORT (a UE5 build) or ws://HOST:PORT' },
  maps: { type: 'string', arg: 'FILE', description: "with --profile omnigamearena on a build: the builds' maps config" },
  config: { type: 'string', arg: 'FILE', description: 'a new curve from a JSON file of curve settings (as arena import omnigamearena writes them); flags given are laid over it' },
  style: { type: 'string', arg: 'ours|runner', defaultText: 'ours', description: "the IDC loop: ours, or the benchmark runner's (round 0 from --cold-start runs, diagnosis, validator, its lints and metrics, no early stop; docs/idc.md)" },
  'cold-start': { type: 'string', arg: 'DIR', description: 'with --style runner: a folder of finished cold-start runs of this game and player (e.g. an arena tournament out dir) that becomes round 0' },
  'validator-model': { type: 'string', arg: 'M', defaultText: 'the reflector model', description: "with --style runner: the skill validator's model (same endpoint as the reflector)" },
  resume: { type: 'string', arg: 'ID', description: 'continue the curve ID (under --out, or a curve directory) with its stored settings' },
  out: { type: 'string', arg: 'DIR', default: 'runs/curves', description: 'where curve directories go (under runs/, which git ignores)' },
  id: { type: 'string', arg: 'ID', defaultText: 'derived from the settings', description: 'the curve directory name' },
  json: { type: 'boolean', description: 'print curve.json instead of the tables' },
  ...curveWorkFlags,
  quiet: { type: 'boolean', description: 'no progress bar' },
} as const satisfies FlagTable;

/** The parsed `arena curve` flags. */
export type CurveFlags = FlagValues<typeof curveOptions>;

/** The flags that describe the player and the reflector's endpoint; any of them re-describes a resumed curve's player. */
const PLAYER_FLAGS = ['agent', 'model', 'base-url', 'api-key-env', 'agent-config', 'reflector-base-url', 'reflector-api-key-env'] as const;

/** The settings fields (dotted paths) each flag sets, to name the flags behind a difference from a stored curve. */
const FLAG_FIELDS: readonly (readonly [string, readonly string[]])[] = [
  ['game', ['game']],
  ['variant', ['variant']],
  ['held-out', ['heldOut']],
  ['episodes', ['episodes']],
  ['seed', ['seed']],
  ['clock', ['clock']],
  ['rollback-ratio', ['rollbackRatio']],
  ['success', ['successThreshold']],
  ['skill-cap', ['skillTokens']],
  ['notebook-cap', ['notebookTokens']],
  ['banned-patterns', ['banned']],
  ['reflector-model', ['reflector.model']],
  ['max-tool-calls', ['reflector.maxToolCalls']],
  ['max-submissions', ['reflector.maxSubmissions']],
  ['reflector-max-tokens', ['reflector.maxOutputTokens']],
  ['reflector-temperature', ['reflector.temperature']],
  ['reflector-extra-body', ['reflector.extraBody']],
  ['reflector-frames-per-call', ['reflector.maxFramesPerCall']],
  ['reflector-frame-side', ['reflector.frameMaxSide']],
  ['steps', ['match.stepBudget']],
  ['time-limit', ['match.timeLimitMs']],
  ['obs-delay', ['match.observationDelayMs']],
  ['profile', ['match.profile']],
  ['env', ['match.env']],
  ['maps', ['match.maps']],
  ['style', ['runner']],
  ['cold-start', ['runner.roundZero']],
  ['validator-model', ['runner.validatorModel']],
  ['decision-timeout', ['match.decisionTimeoutMs']],
  ['latency', ['match.latency']],
  ['agent', ['player.kind']],
  ['model', ['player.model', 'player.agent.model']],
  ['base-url', ['player.baseUrl', 'player.agent.baseUrl']],
  ['api-key-env', ['player.agent.apiKeyEnv']],
  ['agent-config', ['player.agent']],
  ['reflector-base-url', ['player.reflectorBaseUrl']],
  ['reflector-api-key-env', ['player.reflectorApiKeyEnv']],
];

/** A number flag that also takes `none` (sent as null: no limit, or the server's own value). */
function numOrNone(value: string | undefined, flag: string): number | null | undefined {
  return value?.trim().toLowerCase() === 'none' ? null : num(value, flag);
}

/** A flag holding a JSON object (request fields passed through as written). */
function jsonObject(value: string | undefined, flag: string): Record<string, unknown> | undefined {
  if (value === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw usage(`--${flag} takes a JSON object, e.g. '{"reasoning_effort":"low"}' (got '${value.slice(0, 60)}')`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw usage(`--${flag} takes a JSON object (got '${value.slice(0, 60)}')`);
  return parsed as Record<string, unknown>;
}

const set = <T>(key: string, value: T | undefined): Record<string, T> => (value === undefined ? {} : { [key]: value });

/** The runner style's settings the flags give: undefined when --style is not given, null for `--style ours`. */
function runnerFromFlags(flags: CurveFlags): Record<string, unknown> | null | undefined {
  const style = flags.style;
  if (style !== undefined && style !== 'ours' && style !== 'runner') throw usage(`--style takes ours or runner (got '${style}')`);
  if (style !== 'runner') {
    if (flags['cold-start'] !== undefined || flags['validator-model'] !== undefined) throw usage('--cold-start and --validator-model go with --style runner');
    return style === 'ours' ? null : undefined;
  }
  if (flags['cold-start'] === undefined) throw usage("--style runner needs --cold-start DIR: the runner's round 0 is made of finished cold-start runs");
  return { roundZero: flags['cold-start'], ...set('validatorModel', flags['validator-model']) };
}

/** Settings with `runner: null` (`--style ours`) written as no runner field: our style. */
function ourStyleAsAbsent(o: Record<string, unknown>): Record<string, unknown> {
  const { runner, ...rest } = o;
  return runner === null || runner === undefined ? rest : { ...rest, runner };
}

/** The settings the given flags set, with no defaults and nothing derived, in three groups. */
function flagSettings(flags: CurveFlags): { top: Record<string, unknown>; reflector: Record<string, unknown>; match: Record<string, unknown> } {
  const held = flags['held-out'];
  const timeLimit = num(flags['time-limit'], 'time-limit');
  return {
    top: {
      ...set('game', flags.game === undefined ? undefined : getGame(flags.game).id),
      ...set('variant', flags.variant),
      ...set('heldOut', held === undefined ? undefined : held === 'none' ? [] : held.split(',').map((v) => v.trim()).filter((v) => v.length > 0)),
      ...set('rounds', num(flags.rounds, 'rounds')),
      ...set('episodes', num(flags.episodes, 'episodes')),
      ...set('seed', num(flags.seed, 'seed')),
      ...set('clock', flags.clock),
      ...set('rollbackRatio', num(flags['rollback-ratio'], 'rollback-ratio')),
      ...set('successThreshold', num(flags.success, 'success')),
      ...set('skillTokens', num(flags['skill-cap'], 'skill-cap')),
      ...set('notebookTokens', num(flags['notebook-cap'], 'notebook-cap')),
      ...set('banned', flags['banned-patterns'] ? readConfigFile(flags['banned-patterns'], z.array(BannedPattern)) : undefined),
      ...set('runner', runnerFromFlags(flags)),
    },
    reflector: {
      ...set('model', flags['reflector-model']),
      ...set('maxToolCalls', num(flags['max-tool-calls'], 'max-tool-calls')),
      ...set('maxSubmissions', num(flags['max-submissions'], 'max-submissions')),
      ...set('maxOutputTokens', numOrNone(flags['reflector-max-tokens'], 'reflector-max-tokens')),
      ...set('temperature', numOrNone(flags['reflector-temperature'], 'reflector-temperature')),
      ...set('extraBody', jsonObject(flags['reflector-extra-body'], 'reflector-extra-body')),
      ...set('maxFramesPerCall', num(flags['reflector-frames-per-call'], 'reflector-frames-per-call')),
      ...set('frameMaxSide', num(flags['reflector-frame-side'], 'reflector-frame-side')),
    },
    match: {
      ...set('stepBudget', num(flags.steps, 'steps')),
      ...set('timeLimitMs', timeLimit === undefined ? undefined : Math.round(timeLimit * 1000)),
      ...set('observationDelayMs', num(flags['obs-delay'], 'obs-delay')),
      ...set('profile', flags.profile),
      ...set('env', flags.env),
      ...set('maps', flags.maps),
      ...set('decisionTimeoutMs', num(flags['decision-timeout'], 'decision-timeout')),
      ...set('latency', flags.latency),
    },
  };
}

/** The VLM player's configuration: `base` (a stored curve's), then --agent-config, then --model, --base-url, --api-key-env; checked. */
function vlmInput(flags: CurveFlags, base: Readonly<Record<string, unknown>>): VlmAgentConfigInput {
  const merged = vlmConfigInput(flags, base);
  parseVlmAgentConfig(merged);
  return merged as VlmAgentConfigInput;
}

/** The player description the flags give, over a stored curve's (`base`) when resuming. */
function playerFromFlags(flags: CurveFlags, base: StoredPlayer | undefined): StoredPlayer {
  const kind = flags.agent ?? base?.kind ?? 'vlm';
  const vlm = kind === 'vlm' ? vlmInput(flags, (base && storedVlmConfig(base)) ?? {}) : undefined;
  const reflectorBaseUrl = flags['reflector-base-url'] ?? (base ? base.reflectorBaseUrl : (vlm?.baseUrl ?? flags['base-url'])) ?? null;
  return describePlayer(kind, vlm, { baseUrl: reflectorBaseUrl, apiKeyEnv: flags['reflector-api-key-env'] ?? base?.reflectorApiKeyEnv ?? flags['api-key-env'] ?? 'OPENAI_API_KEY' });
}

/** The settings of a new curve the flags describe (validated: BAD_CONFIG on any bad or missing value). */
export function curveSettingsFromFlags(flags: CurveFlags): { settings: CurveSettings } {
  const f = flagSettings(flags);
  const player = playerFromFlags(flags, undefined);
  const playerModel = storedVlmConfig(player)?.model;
  const reflectorModel = flags['reflector-model'] ?? (typeof playerModel === 'string' ? playerModel : flags.model);
  if (reflectorModel === undefined) throw usage('the reflector needs a model: --reflector-model (or --model for a vlm player)');
  if (f.top['rounds'] === undefined || f.top['episodes'] === undefined) throw usage('--rounds and --episodes are required (or --resume ID for an existing curve)');
  const settings = parseCurveSettings(ourStyleAsAbsent({ game: getGame('last_stand').id, ...f.top, reflector: { ...f.reflector, model: reflectorModel }, match: f.match, player }));
  return { settings };
}

/** A new curve's settings from a JSON file of curve settings (`--config`), with the flags given laid over them. */
export function curveSettingsFromConfig(file: string, flags: CurveFlags): CurveSettings {
  return resumedSettings(parseCurveSettings(readConfigFile(file, z.record(z.string(), z.unknown()))), flags);
}

/** A stored curve's settings with the flags given laid over them (`--resume`); `rounds` may grow or shrink. */
export function resumedSettings(stored: CurveSettings, flags: CurveFlags): CurveSettings {
  const f = flagSettings(flags);
  const player = PLAYER_FLAGS.some((k) => flags[k] !== undefined) ? playerFromFlags(flags, storedPlayer(stored)) : stored.player;
  return parseCurveSettings(ourStyleAsAbsent({ ...stored, ...f.top, reflector: { ...stored.reflector, ...f.reflector }, match: { ...stored.match, ...f.match }, player }));
}

/** The default curve id: game, player and a digest of every setting but `rounds`, so the same command resumes. */
export function defaultCurveId(settings: CurveSettings): string {
  const { rounds: _rounds, ...rest } = settings;
  const digest = createHash('sha256').update(JSON.stringify(rest)).digest('hex').slice(0, 10);
  const { model, kind } = settings.player;
  const who = typeof model === 'string' ? model : typeof kind === 'string' ? kind : 'player';
  return `${settings.game}-${who.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 40)}-${digest}`;
}

const related = (path: string, field: string): boolean => path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`);

function valueAt(o: unknown, path: string): string {
  const v = path.split('.').reduce<unknown>((x, k) => (typeof x === 'object' && x !== null ? (x as Record<string, unknown>)[k] : undefined), o);
  const s = v === undefined ? 'unset' : JSON.stringify(v);
  return s.length > 60 ? `${s.slice(0, 57)}...` : s;
}

/**
 * Refuses settings that differ from those a stored curve was started with (ignoring `rounds`), with BAD_CONFIG
 * naming the flags behind each difference (`details.fields`, `details.flags`). `runCurve` makes the same check
 * with the same `settingsMismatch`; this one only speaks in flags.
 */
export function checkAgainstStored(id: string, stored: CurveSettings, settings: CurveSettings, flags: CurveFlags, resuming: boolean): void {
  const fields = settingsMismatch(stored, settings);
  if (fields.length === 0) return;
  const named = fields.map((path) => {
    const matching = FLAG_FIELDS.filter(([, fs]) => fs.some((f) => related(path, f))).map(([flag]) => flag);
    const given = matching.filter((flag) => flags[flag as keyof CurveFlags] !== undefined);
    return { path, flags: (given.length > 0 ? given : matching).map((flag) => `--${flag}`) };
  });
  const flagList = [...new Set(named.flatMap((n) => n.flags))];
  const parts = named.map((n) => `${n.flags.join('/') || n.path} (${n.path}: ${valueAt(stored, n.path)} stored, ${valueAt(settings, n.path)} now)`);
  const hint = resuming ? 'leave these flags out to resume the curve as it was started' : `use another --id for a new curve, or --resume ${id} to continue this one with its own settings`;
  throw new ArenaError(ErrorCode.BAD_CONFIG, `curve ${id} was started with other settings: ${parts.join('; ')}; ${hint}`, { details: { fields, flags: flagList } });
}
