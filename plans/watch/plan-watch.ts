/**
 * `arena watch`'s plan: a match of built-in agents (resolved by the one match resolver) and a watcher model that
 * gets its frames causally, with TRACE's QA and proactive tasks, and the conditions its report declares
 * (docs/perception.md). The command line turns flags into the configuration and the settings; this turns them
 * into what `watchMatch` runs.
 */
import OpenAI from 'openai';
import { endpointSemaphore, NO_API_KEY } from '../../agents/index.js';
import { getVariant, type GameEntry } from '../../games-manifest/index.js';
import type { MatchSpec } from '../../gateway/index.js';
import { parseMonitor, vocabularyFor, type watchMatch, type WatchConditions } from '../../perception/index.js';
import { usage } from '../../protocol/index.js';
import type { MatchConfig } from '../match/match-config.js';
import { entryOf } from '../match/match-entry.js';
import { resolveMatch } from '../match/resolve-match.js';

type WatcherOptions = Parameters<typeof watchMatch>[1];

/** The watcher's settings, as `arena watch`'s flags give them. */
export interface WatchSettings {
  readonly model: string;
  readonly baseUrl: string;
  /** The environment variable holding the watcher's key (none: no key). */
  readonly apiKeyEnv?: string | undefined;
  readonly fps: number;
  readonly history: WatcherOptions['history'];
  readonly tasks: { readonly qa: boolean; readonly proactive: boolean };
  readonly viewSlot: number;
  readonly qaEverySeconds: number;
  /** What the proactive instruction asks for; default `lead` with two or more players, `score` otherwise. */
  readonly monitor?: string | undefined;
  readonly toleranceSeconds: number;
  readonly maxSide: number;
  readonly requestTimeoutSeconds: number;
  readonly retries: number;
  readonly maxTokens: number;
  readonly deployment: string;
}

/** What a watch runs: the match, the watcher, the declared conditions and the match's time limit. */
export interface WatchPlan {
  readonly entry: GameEntry;
  readonly spec: MatchSpec;
  readonly watcher: Omit<WatcherOptions, 'signal' | 'onRequest'>;
  readonly conditions: WatchConditions;
  readonly timeLimitMs: number;
}

/** Checks the configuration and settings (built-in agents only, a view slot the game has) and plans the watch. */
export function planWatch(config: MatchConfig, s: WatchSettings): WatchPlan {
  const refused = config.agents.find((a) => a.kind === 'vlm' || a.kind === 'remote');
  if (refused) throw usage(`arena watch plays built-in agents only (scripted, random, idle); got '${refused.kind}'`);
  const entry = entryOf(config);
  const spec = resolveMatch(config);
  if (!spec.slots.some((slot) => slot.slot === s.viewSlot)) throw usage(`--view ${s.viewSlot}: the match has slots ${spec.slots.map((slot) => slot.slot).join(', ')}`);
  const slots = spec.slots.map((slot) => slot.slot);
  const monitorText = s.monitor ?? (slots.length > 1 ? 'lead' : 'score');
  const monitor = parseMonitor(monitorText, s.viewSlot);
  const variant = getVariant(entry, config.variant ?? entry.variants[0]!.id);
  const timeLimitMs = config.timeLimitMs ?? variant.timeLimitMs ?? entry.timeLimitMs;
  const timeoutMs = s.requestTimeoutSeconds * 1000;
  const apiKey = s.apiKeyEnv ? process.env[s.apiKeyEnv]?.trim() || NO_API_KEY : NO_API_KEY;
  const client = new OpenAI({ baseURL: s.baseUrl, apiKey, maxRetries: 0, timeout: timeoutMs + 10_000 });
  const conditions: WatchConditions = {
    game: entry.id,
    variant: variant.id,
    seed: config.seed,
    clock: config.clock,
    history: s.history,
    boundary: 'model+adapter',
    samplingFps: s.fps,
    view: { slot: s.viewSlot, maxSide: s.maxSide, jpegQuality: 85 },
    deployment: s.deployment,
    provider: s.baseUrl,
    model: s.model,
    proactiveInitiation: 'self-initiated',
    tasks: [...(s.tasks.qa ? ['qa'] : []), ...(s.tasks.proactive ? ['proactive'] : [])],
    qaEverySeconds: s.qaEverySeconds,
    monitor: monitorText,
    toleranceSeconds: s.toleranceSeconds,
    requestTimeoutSeconds: s.requestTimeoutSeconds,
    gameTime: config.clock === 'realtime' ? 'the newest game time the stream had shown at each wall moment (realtime: game time runs with the wall clock)' : 'the newest game time the stream had shown at each wall moment (the game holds still while the players think, not for the watcher)',
  };
  const watcher: WatchPlan['watcher'] = {
    gameName: entry.name,
    slots,
    vocabulary: vocabularyFor(entry.id, slots),
    viewSlot: s.viewSlot,
    fps: s.fps,
    maxSide: s.maxSide,
    quality: 85,
    history: s.history,
    tasks: s.tasks,
    qaEveryMs: s.qaEverySeconds * 1000,
    seed: config.seed,
    monitor,
    toleranceMs: s.toleranceSeconds * 1000,
    model: { client, model: s.model, semaphore: endpointSemaphore(s.baseUrl, 1), timeoutMs, retries: s.retries, maxTokens: s.maxTokens },
  };
  return { entry, spec, watcher, conditions, timeLimitMs };
}
