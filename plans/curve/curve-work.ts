/**
 * A curve's episodes through the work layer: each attempt becomes an episode job (the curve's stored player with
 * the round's skill, its match settings, run id `e<k>`) played on the embedded backend or on arena workers
 * through Redis, with the round's runs folder as the batch folder. `arena curve` and `arena transfer` share it.
 */
import { join } from 'node:path';
import { getGame } from '../../games-manifest/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { type AttemptResolver, type CurveSettings, type EpisodePlay, type EpisodeRequest, type PlayedEpisode } from '../../reflection/index.js';
import { runOne, type EpisodeJob, type EpisodeOutcome } from '../../sweeps/index.js';
import { episodeOptionsOf, runMatch } from '../../gateway/index.js';
import { resolveMatch } from '../match/resolve-match.js';
import { usage } from '../../protocol/index.js';
import { num, type FlagTable } from '../../protocol/index.js';
import { batchBackend, placementFlag } from '../sweep/work-backend.js';
import { vlmEndpointLimits, vlmEndpointOf } from '../sweep/vlm-endpoints.js';
import { storedPlayer, storedVlmConfig } from './curve-player.js';
import { attemptConfig, resolveAttempt } from './curve-attempt.js';

/** The flags that spread a curve's episodes: how many at once, and on which fleet. None of them is a curve setting. */
export const curveWorkFlags = {
  parallel: { type: 'string', kind: 'integer', arg: 'K', defaultText: '1, or with --redis every episode of a round', description: 'episodes of a round (and of a held-out arm) played at once' },
  redis: { type: 'string', arg: 'URL', description: 'play the episodes on arena workers through Redis (redis://host:port) instead of in this process' },
  pool: { type: 'string', arg: 'P', defaultText: 'default', description: 'with --redis: the worker pool that plays them' },
  placement: { type: 'string', arg: 'fifo|affinity', defaultText: 'fifo', description: 'with --redis: next episode to the next free slot, or warm game and map first (docs/fleet.md)' },
} as const satisfies FlagTable;

/** How a curve's episodes are played: the resolver and the hook (absent: in this process, one after another), how many at once, and `close` (always call it). */
export interface CurveWork {
  /** The one match resolver for attempts played in this process. */
  readonly resolve: AttemptResolver;
  readonly play?: EpisodePlay;
  readonly parallel?: number;
  /** Closes the backend's connections. */
  readonly close: () => Promise<void>;
}

/** The curve's player in one slot of an attempt: its stored kind, the curve's latency source, and for a VLM the round's skill. */
function curvePlayer(settings: CurveSettings, request: EpisodeRequest): { kind: string; label: string; latency?: string; vlm?: Record<string, unknown> } {
  const player = storedPlayer(settings);
  const vlm = storedVlmConfig(player);
  const latency = settings.match.latency;
  return { kind: player.kind, label: 'player', ...(latency === undefined ? {} : { latency }), ...(vlm === undefined ? {} : { vlm: { ...vlm, skill: request.skill, skillTokenCap: settings.skillTokens } }) };
}

/** The episode job of one attempt of a curve's episode; the same request gives the same job anywhere. */
function curveEpisodeJob(settings: CurveSettings, request: EpisodeRequest, pool: string): EpisodeJob {
  if (settings.clock === 'realtime') throw usage('a realtime curve plays its episodes in this process; leave out --redis and --parallel');
  const m = settings.match;
  const player = curvePlayer(settings, request);
  const slots = getGame(settings.game).slots.map((s) => s.slot);
  const curve = request.meta['curve'];
  const where = request.player.phase === 'round' ? `r${request.player.round ?? 0}` : `heldout.${request.variant}.${request.player.arm ?? 'best'}`;
  return {
    id: request.runId,
    batch: `curve-${typeof curve === 'string' ? curve : settings.game}`,
    cell: `${settings.game}.${request.variant}.${settings.clock}.${where}`,
    cellInfo: { game: settings.game, variant: request.variant, clock: settings.clock, latency: m.latency ?? 'wall', lineup: slots.map(() => 'player') },
    episode: request.episode,
    seed: request.seed,
    pool,
    agents: slots.map((slot) => ({ slot, ...player, ...vlmEndpointOf(player.vlm) })),
    ...episodeOptionsOf(m),
    meta: { ...request.meta },
  };
}

/** Plays a realtime attempt in this process through the one match resolver. */
async function playRealtime(settings: CurveSettings, request: EpisodeRequest, signal: AbortSignal | undefined): Promise<PlayedEpisode> {
  const spec = resolveMatch(attemptConfig(settings, request, getGame(settings.game).slots.length, curvePlayer(settings, request)));
  const result = await runMatch({ ...spec, runId: request.runId, meta: request.meta, ...(signal ? { signal } : {}) });
  return { status: result.status, reason: result.reason, episode: result.episode, simMs: result.simMs, players: result.players, failure: result.error ? { class: result.error.class, code: result.error.code, message: result.error.message } : undefined, benchmark: result.benchmark?.scores };
}

/** An episode outcome of the work layer as the curve reads it. */
function played(o: EpisodeOutcome): PlayedEpisode {
  return { status: o.status === 'complete' ? 'complete' : 'incomplete', reason: o.reason, episode: o.episode, simMs: o.simMs, players: o.players, failure: o.failure, benchmark: o.benchmark };
}

/**
 * How the flags say to play a curve's episodes. Each attempt is an episode job, played by the one match resolver
 * (plans/sweep/episode-spec.ts): without --redis and --parallel in this process, one after another; otherwise on
 * one backend for the whole curve (one connection set
 * however many episodes are in flight), its results queue named after the curve folder, so a coordinator that
 * restarts finds an outcome a worker sent back meanwhile instead of replaying the episode (the backend holds
 * such an outcome until the curve asks for that attempt again).
 */
export function curveWork(settings: CurveSettings, flags: { readonly redis?: string | undefined; readonly pool?: string | undefined; readonly parallel?: string | undefined; readonly placement?: string | undefined }, dir: string): CurveWork {
  const given = num(flags.parallel, 'parallel');
  if (given !== undefined && given < 1) throw usage(`--parallel takes a whole number of at least 1 (got ${given})`);
  if (flags.redis === undefined && flags.pool !== undefined) throw usage('--pool names the worker pool of --redis; give --redis URL too');
  const spread = flags.redis !== undefined || given !== undefined;
  if (settings.clock === 'realtime') {
    // A realtime episode is no episode job (jobs replay exactly, realtime does not): it is played here, its match
    // resolved from its configuration like any other.
    if (spread) throw usage('a realtime curve plays its episodes in this process; leave out --redis and --parallel');
    return { resolve: resolveAttempt, play: (request, signal) => playRealtime(settings, request, signal), parallel: 1, close: async () => undefined };
  }
  const pool = flags.pool ?? 'default';
  const backend = batchBackend({ redis: flags.redis, parallel: 1, runsDir: join(dir, 'runs'), batchDir: dir, batch: 'curve', strays: 'hold', placement: placementFlag(flags.placement), endpoints: vlmEndpointLimits([storedVlmConfig(storedPlayer(settings))]) });
  const play: EpisodePlay = async (request, signal) => {
    const job = curveEpisodeJob(settings, request, pool);
    const outcome = await runOne(backend, { job, attempt: request.attempt, runsDir: request.runsDir }, signal);
    if (outcome === undefined) throw new ArenaError(ErrorCode.ABORTED, 'the curve was stopped', { cause: signal?.reason });
    return played(outcome);
  };
  return { resolve: resolveAttempt, play, parallel: given ?? (flags.redis === undefined ? 1 : settings.episodes), close: () => backend.close() };
}
