/** `arena match`: one match between built-in or VLM agents on one game, with a progress bar and a result line. */
import { createAgent } from '../../agents/index.js';
import { randomMoves, scriptedPolicies } from '../../games/index.js';
import { AgentLinkServer, RemoteAgent, isResultOfPlay, runMatch, type MatchResult, type MatchSpec } from '../../gateway/index.js';
import type { Agent, Frame } from '../../protocol/index.js';
import { LiveVideo } from '../../video/index.js';
import { entryAt, genericEntry, getGame, isEnvironmentUrl, parseEnvironment, withGamepad, type GameEntry } from '../../games-manifest/index.js';
import { usage } from '../cli-error.js';
import { num, parseFlags, type FlagValues } from '../cli/flags.js';
import { matchOptions } from './match-spec.js';

export { matchOptions } from './match-spec.js';
import { profileEntry } from '../profile-entry.js';
import { clockOfArm, fairnessOf, handicapOf, latencyOf, MatchConfig, parseConfig, readConfigFile, type AgentConfig } from '../match-config.js';
import { ProgressBar } from '../progress-bar.js';
import { abortOnStopSignals } from '../stop-signals.js';

type MatchFlags = FlagValues<typeof matchOptions>;

/** The match configuration: the --config file (if any) with flags on top. */
export function buildMatchConfig(flags: MatchFlags): MatchConfig {
  const base: Record<string, unknown> = flags.config ? { ...readConfigFile(flags.config, MatchConfig) } : {};
  const set = (key: string, value: unknown): void => {
    if (value !== undefined) base[key] = value;
  };
  set('game', flags.game);
  set('env', flags.env);
  set('variant', flags.variant);
  set('seed', num(flags.seed, 'seed'));
  set('clock', flags.clock);
  set('profile', flags.profile);
  set('maps', flags.maps);
  if (flags.gamepad) set('gamepad', true);
  set('stepBudget', num(flags.steps, 'steps'));
  const limit = num(flags['time-limit'], 'time-limit');
  set('timeLimitMs', limit === undefined ? undefined : Math.round(limit * 1000));
  set('observationDelayMs', num(flags['obs-delay'], 'obs-delay'));
  set('decisionTimeoutMs', num(flags['decision-timeout'], 'decision-timeout'));
  set('onAgentFailure', flags['on-agent-failure']);
  set('staleFrames', flags['stale-frames']);
  set('runsDir', flags['runs-dir']);
  const kinds = flags.agents ?? flags.agent;
  const vlmFile = flags['agent-config'] ? readConfigFile(flags['agent-config'], MatchConfig.shape.agents.unwrap().element.shape.vlm.unwrap()) : undefined;
  const vlmFlags = { ...vlmFile, ...(flags.model ? { model: flags.model } : {}), ...(flags['base-url'] ? { baseUrl: flags['base-url'] } : {}), ...(flags['api-key-env'] ? { apiKeyEnv: flags['api-key-env'] } : {}) };
  if (kinds !== undefined) {
    if (kinds.split(',').some((k) => k.trim() === 'vlm')) {
      // Name the flags the user can type, not the config fields they fill.
      const missing = [vlmFlags.model === undefined ? '--model M' : '', vlmFlags.baseUrl === undefined ? '--base-url URL' : ''].filter(Boolean);
      if (missing.length > 0) throw usage(`--agent vlm needs ${missing.join(' and ')} (or --agent-config FILE with model and baseUrl); see arena agents`);
    }
    const latencies = flags.latency?.split(',') ?? [];
    base.agents = kinds.split(',').map((kind, i): AgentConfig => {
      const latency = latencies[i] ?? latencies[0];
      return { kind: kind.trim(), ...(latency ? { latency } : {}), ...(kind.trim() === 'vlm' ? { vlm: vlmFlags } : {}) };
    });
  } else if (flags.latency !== undefined || Object.keys(vlmFlags).length > 0) {
    const agents = (base.agents as AgentConfig[] | undefined) ?? [{ kind: Object.keys(vlmFlags).length > 0 ? 'vlm' : 'scripted' }];
    base.agents = agents.map((a, i) => ({ ...a, ...(flags.latency ? { latency: flags.latency.split(',')[i] ?? flags.latency.split(',')[0] } : {}), ...(a.kind === 'vlm' ? { vlm: { ...a.vlm, ...vlmFlags } } : {}) }));
  }
  if (flags.handicap !== undefined) {
    const handicaps = flags.handicap.split(',').map((h) => h.trim());
    const agents = (base.agents as AgentConfig[] | undefined) ?? [{ kind: 'scripted' }];
    if (handicaps.length > agents.length) throw usage(`--handicap gives ${handicaps.length} handicaps for ${agents.length} agent${agents.length > 1 ? 's' : ''}`);
    base.agents = agents.map((a, i) => ({ ...a, ...(handicaps[i] ? { handicap: handicaps[i] } : {}) }));
  }
  set('fairness', flags.fairness);
  // A fairness arm runs on its own clock; a --clock that says otherwise is refused.
  const arm = fairnessOf({ fairness: base.fairness as string | undefined });
  if (arm !== undefined) {
    const given = flags.clock ?? (base.clock === 'realtime' ? 'realtime' : undefined);
    if (given !== undefined && given !== clockOfArm(arm)) throw usage(`--fairness ${String(base.fairness)} runs on the ${clockOfArm(arm)} clock, not ${given}`);
    base.clock = clockOfArm(arm);
  }
  return parseConfig(base, MatchConfig, flags.config ?? 'match flags');
}

/** The manifest entry a configuration plays: by id, at `env` if given, or a generic one for a build URL. */
export function entryOf(config: Pick<MatchConfig, 'game' | 'env' | 'maps' | 'profile' | 'gamepad'>): GameEntry {
  const entry = placedEntry(config);
  return config.gamepad === true ? withGamepad(entry) : entry;
}

function placedEntry(config: Pick<MatchConfig, 'game' | 'env' | 'maps' | 'profile'>): GameEntry {
  if (isEnvironmentUrl(config.game)) {
    if (config.env !== undefined) throw usage('give the build either as --game URL or as --env URL, not both');
    return genericEntry(parseEnvironment(config.game));
  }
  const entry = getGame(config.game);
  if ((config.profile ?? 'default') === 'omnigamearena') return profileEntry(entry, config);
  return config.env === undefined ? entry : entryAt(entry, parseEnvironment(config.env));
}

/** Turns a match configuration into a runnable spec: agents made, slots assigned in order. */
export function specFromConfig(config: MatchConfig, makeRemote?: (slot: number) => Agent): MatchSpec {
  const entry = entryOf(config);
  if (config.agents.length > entry.slots.length) {
    throw usage(`${entry.id} has ${entry.slots.length} player slot${entry.slots.length > 1 ? 's' : ''}; ${config.agents.length} agents were given`);
  }
  return {
    game: entry.id,
    entry,
    ...(config.variant ? { variant: config.variant } : {}),
    seed: config.seed,
    clock: config.clock,
    ...(config.fairness === undefined ? {} : { fairness: fairnessOf(config)! }),
    ...(config.profile === undefined ? {} : { profile: config.profile }),
    slots: config.agents.map((a, i) => {
      const latency = latencyOf(a);
      const handicap = handicapOf(a);
      const slot = entry.slots[i]!.slot;
      const agent = a.kind === 'remote' && makeRemote ? makeRemote(slot) : createAgent(a.kind, { scripted: scriptedPolicies, randomMoves, game: entry.id, seed: config.seed, vlm: a.vlm });
      return { slot, agent, label: a.label ?? a.kind, ...(latency ? { latency } : {}), ...(handicap ? { handicap } : {}) };
    }),
    runsDir: config.runsDir,
    ...(config.observationDelayMs === undefined ? {} : { observationDelayMs: config.observationDelayMs }),
    ...(config.stepBudget === undefined ? {} : { stepBudget: config.stepBudget }),
    ...(config.timeLimitMs === undefined ? {} : { timeLimitMs: config.timeLimitMs }),
    ...(config.decisionTimeoutMs === undefined ? {} : { decisionTimeoutMs: config.decisionTimeoutMs }),
    ...(config.onAgentFailure === undefined ? {} : { onAgentFailure: config.onAgentFailure }),
    ...(config.onDecisionError === undefined ? {} : { onDecisionError: config.onDecisionError }),
    ...(config.staleFrames === undefined ? {} : { staleFrames: config.staleFrames }),
    ...(config.feedback === undefined ? {} : { feedback: config.feedback }),
    ...(config.realtime === undefined ? {} : { realtime: config.realtime }),
    ...(config.frame === undefined ? {} : { frame: config.frame }),
    meta: { config },
  };
}

/** The one-line summary printed after a match. */
export function resultLine(config: MatchConfig, result: MatchResult, wallMs: number): string {
  const players = result.players.map((p) => `${p.label}@${p.slot}: progress ${p.progress.toFixed(3)}${p.outcome !== 'none' ? ` ${p.outcome}` : ''}, ${p.decisions} decisions${p.invalid ? `, ${p.invalid} invalid` : ''}${p.failed ? `, ${p.failed} failed` : ''}`).join(' | ');
  const entry = entryOf(config);
  const variant = config.variant ?? entry.variants[0]!.id;
  const status = result.status === 'complete' ? `${result.reason}${result.episode === 'finished' ? '' : ` (${result.episode})`}` : `INCOMPLETE ${result.error?.code ?? ''}: ${result.error?.message ?? ''}`;
  const bench = result.benchmark ? ` | benchmark score ${result.benchmark.scores.map((x) => x.toFixed(3)).join(', ')}${result.benchmark.outOfRange.length ? ` (${result.benchmark.outOfRange.length} readings outside the declared range)` : ''}` : '';
  return `${entry.id}/${variant} seed ${config.seed} ${config.fairness === undefined ? config.clock : `${config.clock} ${config.fairness}`}${config.profile === 'omnigamearena' ? ' omnigamearena' : ''}: ${players}${bench} | ended: ${status} | ${(result.simMs / 1000).toFixed(1)} s game time in ${(wallMs / 1000).toFixed(1)} s | ${result.dir}`;
}

/** `--listen HOST:PORT` for remote agents (default 127.0.0.1 on any free port). */
export function parseListen(text: string | undefined): { host: string; port: number } {
  if (text === undefined) return { host: '127.0.0.1', port: 0 };
  const at = text.lastIndexOf(':');
  const host = at > 0 ? text.slice(0, at) : '127.0.0.1';
  const port = Number(at >= 0 ? text.slice(at + 1) : text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usage(`--listen takes HOST:PORT or PORT (got '${text}')`);
  return { host, port };
}

/** Plays one configured match with a progress bar; prints its result line. */
async function playOne(config: MatchConfig, flags: { quiet: boolean; json: boolean; listen: string | undefined; video: number | undefined }): Promise<MatchResult> {
  // Armed first: a signal from here on, the wait for remote agents included, ends the match as aborted.
  const controller = new AbortController();
  const stopSignals = abortOnStopSignals(controller);
  const link = config.agents.some((a) => a.kind === 'remote') ? await AgentLinkServer.listen(parseListen(flags.listen)) : undefined;
  const spec = specFromConfig(config, (slot) => {
    const agent = new RemoteAgent(slot, { clock: config.clock });
    link!.register(agent);
    process.stderr.write(`slot ${slot} waits for a remote agent: url ${link!.url} token ${agent.token}\n`);
    return agent;
  });
  const bar = flags.quiet ? undefined : new ProgressBar(`${config.game} ${config.clock}`);
  let limits = { stepBudget: 1, timeLimitMs: 1 };
  const decisions = new Map<number, number>();
  const video = flags.video === undefined ? undefined : new LiveVideo(spec.entry!, { fps: flags.video, slots: spec.slots.map((s) => ({ slot: s.slot, label: s.label ?? s.agent.kind })) });
  const started = performance.now();
  const result = await runMatch({
    ...spec,
    signal: controller.signal,
    ...(video ? { observer: { onFrame: (f: Frame) => video.onFrame(f) } } : {}),
    onEvent: (e) => {
      video?.onEvent(e);
      if (e.type === 'started') {
        limits = e;
        process.stderr.write(`run ${e.runId} -> ${e.dir}\n`);
      } else if (e.type === 'decision') {
        decisions.set(e.slot, e.step + 1);
      } else {
        const steps = Math.max(0, ...decisions.values());
        const fraction = Math.max(e.simMs / limits.timeLimitMs, steps / limits.stepBudget);
        bar?.update(fraction, `t=${(e.simMs / 1000).toFixed(1)}s decisions=${steps}`);
      }
    },
  });
  stopSignals();
  const videoPath = await video?.finish(result.simMs);
  if (videoPath && !flags.quiet) process.stderr.write(`video ${videoPath}\n`);
  await link?.close();
  bar?.update(1, 'done');
  bar?.done();
  const wallMs = performance.now() - started;
  process.stdout.write(flags.json ? `${JSON.stringify(result)}\n` : `${resultLine(config, result, wallMs)}\n`);
  return result;
}

/** 0 for a result of play; 1 for a match that ended incomplete or whose episode is no result of play (failed, format). */
export function exitCodeOf(result: MatchResult): number {
  return result.status === 'complete' && isResultOfPlay(result.episode) ? 0 : 1;
}

export async function matchCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('match', matchOptions, argv);
  const config = buildMatchConfig(values);
  const videoFps = Number(values['video-fps']);
  const flags = { quiet: values.quiet, json: values.json, listen: values.listen, video: values.video ? videoFps : undefined };
  if (!values.swap) return exitCodeOf(await playOne(config, flags));
  // Both side orders, so a first-player advantage cancels out when the two lines are read together.
  if (config.agents.length !== 2) throw usage(`--swap plays two agents in both orders; ${config.agents.length} agent(s) were given`);
  if (config.agents.some((a) => a.kind === 'remote')) throw usage('--swap cannot seat remote agents twice; run two matches instead');
  const first = await playOne(config, flags);
  const second = await playOne({ ...config, agents: [config.agents[1]!, config.agents[0]!] }, flags);
  return Math.max(exitCodeOf(first), exitCodeOf(second));
}
