/** Plays one episode job through the gateway and sums up its run record as an outcome. */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCode, toArenaError, type Agent } from '../../protocol/index.js';
import { DecisionRecord, STALE_VERDICTS, classifyFailure, readRecordLines, readRunJson, runMatch, type FrameVerdict, type MatchSpec } from '../../gateway/index.js';
import { LimitedAgent, type EndpointLimiter } from '../limits/endpoint-limiter.js';
import type { EpisodeJob, EpisodeOutcome, JobAgent, OutcomePlayer } from './episode-job.js';

/** Makes an agent of a kind for a game and seed (the built-in kinds live above this layer; checks use one). */
export type AgentFactory = (kind: string, context: { readonly game: string; readonly seed: number; readonly vlm?: unknown }) => Agent;

/** Wraps the agent made for one of a job's players (this layer's endpoint limits). */
export type AgentWrap = (agent: Agent, player: JobAgent) => Agent;

/**
 * Turns a job into the match it plays: the plans layer's one match resolver (plans/sweep/episode-spec.ts), so
 * a worker plays a job exactly as `arena match` plays the same configuration. Its agents come in the job's
 * slot order, each passed through `wrap` when one is given (the resolver's own hook); this layer adds the
 * run's place, id and meta.
 */
export type EpisodeResolver = (job: EpisodeJob, wrap?: AgentWrap) => MatchSpec;

/** What playing an episode needs besides the job. */
export interface EpisodeDeps {
  readonly resolve: EpisodeResolver;
  /** Folder the run directory goes in (a job's `shared` path wins). */
  readonly runsDir: string;
  readonly limiter?: EndpointLimiter;
  readonly worker?: string;
  readonly signal?: AbortSignal;
  /** Starts the game another way (tests). */
  readonly launch?: MatchSpec['launch'];
}

type DecisionStats = Pick<OutcomePlayer, 'wallMs' | 'ttftMs' | 'chargedMs' | 'tokensIn' | 'tokensOut' | 'judged' | 'stale'>;

/** Per-slot decision timings, token counts and stale frames from a run's decisions.jsonl. */
function decisionStats(dir: string): Map<number, DecisionStats> {
  const out = new Map<number, DecisionStats>();
  for (const d of readRecordLines(join(dir, 'decisions.jsonl'), DecisionRecord)) {
    let s = out.get(d.slot);
    if (!s) out.set(d.slot, (s = { wallMs: [], ttftMs: [], chargedMs: [], tokensIn: 0, tokensOut: 0, judged: 0, stale: 0 }));
    if (d.integrity !== undefined) {
      s.judged = (s.judged ?? 0) + 1;
      if (STALE_VERDICTS.has(d.integrity.verdict as FrameVerdict)) s.stale = (s.stale ?? 0) + 1;
    }
    if (d.timings?.wallMs !== undefined) s.wallMs.push(Math.round(d.timings.wallMs * 1000) / 1000);
    if (d.timings?.ttftMs !== undefined) s.ttftMs.push(Math.round(d.timings.ttftMs * 1000) / 1000);
    s.chargedMs.push(d.chargedMs);
    s.tokensIn += d.usage?.tokensIn ?? 0;
    s.tokensOut += d.usage?.tokensOut ?? 0;
  }
  return out;
}

/** Stale decisions over decisions with a frame verdict, all slots together; undefined when none has one. */
function staleShare(stats: ReadonlyMap<number, DecisionStats>): number | undefined {
  let judged = 0;
  let stale = 0;
  for (const s of stats.values()) {
    judged += s.judged ?? 0;
    stale += s.stale ?? 0;
  }
  return judged === 0 ? undefined : stale / judged;
}

/** The match spec of a job: resolved with its agents limited by their endpoints (through the resolver's hook), its run id its episode id. */
export function matchSpecOf(job: EpisodeJob, deps: EpisodeDeps, runsDir: string): MatchSpec {
  const limiter = deps.limiter;
  const limit: AgentWrap | undefined = limiter && ((agent, player) => (player.endpoint === undefined ? agent : new LimitedAgent(agent, limiter, player.endpoint)));
  const spec = deps.resolve(job, limit);
  return {
    ...spec,
    runsDir,
    runId: job.id,
    meta: { batch: { name: job.batch, cell: job.cell, episode: job.episode, ...(deps.worker ? { worker: deps.worker } : {}) }, ...job.meta },
    ...(deps.signal ? { signal: deps.signal } : {}),
    ...(deps.launch ? { launch: deps.launch } : {}),
  };
}

/**
 * Plays `job` into `<runsDir>/<job.id>` (a partial directory from a killed attempt is removed first). Never
 * throws: a failure to even start becomes a failed outcome with its class.
 */
export async function runEpisode(job: EpisodeJob, deps: EpisodeDeps): Promise<EpisodeOutcome> {
  const runsDir = job.shared ?? deps.runsDir;
  const dir = join(runsDir, job.id);
  rmSync(dir, { recursive: true, force: true });
  const started = performance.now();
  const worker = deps.worker ?? 'local';
  try {
    const result = await runMatch(matchSpecOf(job, deps, runsDir));
    const stats = decisionStats(dir);
    const conditions = readRunJson(dir).conditions;
    // An episode where at least half of a player's decisions failed at the provider is no result of play:
    // it is a failure of the infrastructure, which --retry-failed plays again.
    const decisionsFailed = result.status === 'complete' && result.episode === 'failed';
    // An episode played on too many stale frames (above the sweep's declared share) is no result of play either.
    const stale = staleShare(stats);
    const tooStale = result.status === 'complete' && !decisionsFailed && job.maxStaleShare !== undefined && stale !== undefined && stale > job.maxStaleShare;
    const played = result.status === 'complete' && !decisionsFailed && !tooStale;
    const failure = result.error
      ? { code: result.error.code, class: result.error.class, message: result.error.message }
      : decisionsFailed
        ? { code: ErrorCode.PROVIDER_ERROR, class: 'infrastructure', message: 'at least half of a player\'s decisions failed at the provider or timed out' }
        : tooStale
          ? { code: ErrorCode.STALE_FRAME, class: 'infrastructure', message: `${(stale * 100).toFixed(1)}% of decisions were made on stale frames, above the sweep's maxStaleShare of ${((job.maxStaleShare ?? 0) * 100).toFixed(1)}%` }
          : undefined;
    return {
      id: job.id,
      status: played ? 'complete' : 'failed',
      reason: result.reason,
      ...(played && (result.episode === 'finished' || result.episode === 'budget' || result.episode === 'format') ? { episode: result.episode } : {}),
      ...(failure ? { failure } : {}),
      simMs: result.simMs,
      players: result.players.map((p) => ({ ...p, ...(stats.get(p.slot) ?? { wallMs: [], ttftMs: [], chargedMs: [], tokensIn: 0, tokensOut: 0 }) })),
      ...(result.benchmark ? { benchmark: [...result.benchmark.scores] } : {}),
      ...(conditions ? { conditions } : {}),
      dir: job.shared === undefined ? join('runs', job.id) : dir,
      worker,
      wallMs: performance.now() - started,
    };
  } catch (err) {
    const e = toArenaError(err);
    return {
      id: job.id,
      status: 'failed',
      reason: e.code,
      failure: { code: e.code, class: classifyFailure(e), message: e.message },
      simMs: 0,
      players: [],
      dir: job.shared === undefined ? join('runs', job.id) : dir,
      worker,
      wallMs: performance.now() - started,
    };
  }
}
