/**
 * Runs one match end to end: launch the game, start the agents, reset, run the clock loop, and write the
 * run record whatever happens. Errors end the match with a coded reason in the record; they are returned in
 * the result rather than thrown, except for bad specs (unknown game, variant or slot), which throw first.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ArenaError, DEFAULT_JPEG_TABLES, ErrorCode, checkFrameFits, toArenaError } from '../../protocol/index.js';
import { getGame, getVariant, RunDefaults, composeGamePrompt, RUNNER_EMPTY_ATTEMPTS, RUNNER_NO_TIME_LIMIT_MS, runnerEntry, runnerGame, runnerGamePrompt, runnerScore, type GameEntry } from '../../games-manifest/index.js';
import { launchGame, linkSummary, type GameEndpoint, type LaunchOptions } from '../../env-bridge/index.js';
import { describeLatencySource } from '../clock/latency.js';
import { describeFairness, fairnessConditions, resolveFairness } from '../clock/fairness.js';
import { compactFrames } from '../records/frame-files.js';
import { RunRecorder, classifyFailure } from '../records/run-recorder.js';
import { readJsonl, writeReplay } from '../records/replay.js';
import { summarizeLedger } from '../clock/ledger-summary.js';
import { agentConditions, gatewayCommit, type Conditions } from '../records/conditions.js';
import { MatchSession, slotLabel } from './match-session.js';
import type { EpisodeClass, MatchResult, MatchSpec, PlayerResult } from './match-spec.js';
import { runPausedLoop } from './paused-loop.js';
import { runRealtimeLoop } from './realtime-loop.js';
import { DEFAULT_RULES, runnerRules, type ChunkRules } from './profile-rules.js';
import { staleFramePolicy } from '../frame-integrity/stale-policy.js';

/** The package version written into every run record. */
export const GATEWAY_VERSION = '0.1.0';

function newRunId(game: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${stamp}-${game}-${randomBytes(3).toString('hex')}`;
}

function checkSlots(spec: MatchSpec, entry: GameEntry): void {
  if (spec.slots.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, 'a match needs at least one agent');
  const seen = new Set<number>();
  for (const s of spec.slots) {
    if (!entry.slots.some((e) => e.slot === s.slot)) {
      throw new ArenaError(ErrorCode.BAD_SLOT, `${entry.id} has slots ${entry.slots.map((e) => e.slot).join(', ')}; there is no slot ${s.slot}`);
    }
    if (seen.has(s.slot)) throw new ArenaError(ErrorCode.BAD_SLOT, `slot ${s.slot} has two agents`);
    seen.add(s.slot);
  }
}

/**
 * The frames to ask the game for: JPEG at the match's quality when the game is a reference game (its host
 * encodes our renders with the encoder the gateway would use) and every agent takes exactly that JPEG, so
 * each frame is encoded once, at the source, and a tenth of the bytes cross GameLink; raw RGB otherwise, for
 * the gateway to encode once per profile. Either way an agent and the record get the same bytes.
 */
export function gameFrameEncoding(spec: MatchSpec, entry: GameEntry, frame: { width: number; height: number }): { encoding: 'rgb' } | { encoding: 'jpeg'; quality: number } {
  const quality = spec.jpegQuality ?? RunDefaults.jpegQuality;
  const takesMatchJpeg = (agent: MatchSpec['slots'][number]['agent']): boolean =>
    agent.frameEncoding === 'jpeg' && (agent.jpeg === undefined || (agent.jpeg.quality === quality && (agent.jpeg.maxSide ?? Infinity) >= Math.max(frame.width, frame.height)));
  const ours = entry.launch.kind === 'builtin';
  return ours && spec.slots.length > 0 && spec.slots.every((s) => takesMatchJpeg(s.agent)) ? { encoding: 'jpeg', quality } : { encoding: 'rgb' };
}

/** Share of invalid answers at which an episode counts as a format failure rather than a result of play. */
export const FORMAT_FAILURE_SHARE = 0.5;

/** Share of failed decisions (provider errors, timeouts) at which an episode is classed by its failure, not scored as play. */
export const DECISION_FAILURE_SHARE = 0.5;

/**
 * How an episode ended, for deciding what its score means: `incomplete` (the run failed or was aborted),
 * `failed` (at least half of an agent's decisions failed at its provider or timed out), `format` (an agent's
 * answers were mostly invalid), `budget` (an agent's step budget ran out first), `finished` (the game ended
 * it, or its time ran out). Only `finished` and `budget` are results of play.
 */
/** The failure of an episode classed `failed`: the code of the failing slot's newest failed decision, and how many failed. */
function failedDecisions(spec: MatchSpec, session: MatchSession | undefined): ArenaError {
  const slot = [...(session?.slots.values() ?? [])].find((s) => s.decisions > 0 && s.failed / s.decisions >= DECISION_FAILURE_SHARE);
  const code = slot?.lastFailure?.code ?? ErrorCode.PROVIDER_ERROR;
  const played = spec.onDecisionError === 'noop' ? ' (played on as no-ops: onDecisionError noop)' : '';
  return new ArenaError(code, `${slot?.failed ?? 0} of ${slot?.decisions ?? 0} decisions of slot ${slot?.spec.slot ?? '?'} (${slot?.label ?? '?'}) failed${played}; last: ${slot?.lastFailure?.message ?? 'none'}`);
}

export function episodeClass(reason: string, players: readonly PlayerResult[], complete = true): EpisodeClass {
  if (!complete) return 'incomplete';
  if (players.some((p) => p.decisions > 0 && p.failed / p.decisions >= DECISION_FAILURE_SHARE)) return 'failed';
  if (players.some((p) => p.decisions > 0 && p.invalid / p.decisions >= FORMAT_FAILURE_SHARE)) return 'format';
  return reason === 'step_budget' ? 'budget' : 'finished';
}

/** Resolves with `work`, or rejects with ABORTED as soon as `signal` aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new ArenaError(ErrorCode.ABORTED, 'match aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(new ArenaError(ErrorCode.ABORTED, 'match aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The entry and chunk rules of the match's profile; BAD_CONFIG for a benchmark profile on a game the benchmark lacks. */
function profiled(spec: MatchSpec, given: GameEntry): { entry: GameEntry; rules: ChunkRules; observationDelayMs?: number; timeLimitMs?: number } {
  if ((spec.profile ?? 'default') === 'default') return { entry: given, rules: DEFAULT_RULES };
  const game = runnerGame(given.id);
  if (game === undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, `the omnigamearena profile has no game '${given.id}'`);
  // A given entry already carries its launch recipe (a build's maps and look scale); only the rules change here.
  // The runner opens the map every episode: a build's recipe without maps would play whatever is loaded.
  if (given.launch.kind === 'remote-input' && Object.keys(given.launch.maps ?? {}).length === 0) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `${given.id} on a build under the omnigamearena profile needs the builds' maps (the recipe's maps; --maps PATH/configs/maps.yaml on the command line)`);
  }
  return { entry: runnerEntry(given, game), rules: runnerRules(game, RUNNER_EMPTY_ATTEMPTS), observationDelayMs: game.observationDelayMs, timeLimitMs: RUNNER_NO_TIME_LIMIT_MS };
}

/**
 * What agents in other processes said of themselves once they joined: run.json's agents keep each one's
 * hello name (its label, unless the match gave one) and client, and the conditions the frame encoding the
 * hello asked for.
 */
function recordJoined(spec: MatchSpec, recorder: RunRecorder, conditions: Conditions): void {
  recorder.update({ agents: recordedAgents(spec), conditions });
}

/** run.json's `agents`: each slot's kind, label, latency source and, for a remote agent that joined, who it said it is. */
function recordedAgents(spec: MatchSpec): Record<string, unknown>[] {
  return spec.slots.map((s) => ({ slot: s.slot, kind: s.agent.kind, label: slotLabel(s), latency: describeLatencySource(s.latency ?? { kind: 'wall' }), ...(s.agent.joined ? { joined: { ...s.agent.joined } } : {}) }));
}

/** The declared conditions of a match (run.json `conditions`), before the game's build is known. */
function runConditions(spec: MatchSpec, entry: GameEntry, clock: string, limits: { stepBudget: number; timeLimitMs: number; observationDelayMs: number; decisionTimeoutMs: number }, frame: { width: number; height: number }): Conditions {
  const game = gameFrameEncoding(spec, entry, frame);
  return {
    clock,
    ...limits,
    gameTimerMs: limits.timeLimitMs,
    frame: { width: frame.width, height: frame.height, ...game, recordedEncoding: 'exact', jpegQuality: spec.jpegQuality ?? RunDefaults.jpegQuality, jpegTables: DEFAULT_JPEG_TABLES },
    feedback: spec.feedback !== false,
    profile: spec.profile ?? 'default',
    // Declared only when it can change what an agent saw, so runs under the default compare with older ones.
    ...(spec.staleFrames !== undefined && spec.staleFrames !== 'flag' ? { staleFrames: spec.staleFrames } : {}),
    // Declared when chosen: a run that plays on after failed decisions (noop) is not pooled with runs that end there.
    ...(spec.onDecisionError === undefined ? {} : { onDecisionError: spec.onDecisionError }),
    gateway: { version: GATEWAY_VERSION, commit: gatewayCommit() },
    agents: spec.slots.map((s) => agentConditions(clock, { ...s, label: slotLabel(s) })),
    ...fairnessConditions(spec.fairness, spec.slots),
  };
}

export async function runMatch(spec: MatchSpec): Promise<MatchResult> {
  const { entry, rules, observationDelayMs: profileDelayMs, timeLimitMs: profileLimitMs } = profiled(spec, spec.entry ?? getGame(spec.game));
  const variantEntry = getVariant(entry, spec.variant ?? entry.variants[0]!.id);
  const variant = variantEntry.id;
  checkSlots(spec, entry);
  staleFramePolicy(spec.profile, spec.staleFrames);
  // A fairness arm sets the clock it runs on (pdq for `pdq`, lcrt for the others).
  const { clock } = resolveFairness(spec.clock, spec.fairness, spec.slots.filter((s) => s.handicap !== undefined).map((s) => s.slot));
  const seed = spec.seed ?? 1;
  const limits = {
    stepBudget: spec.stepBudget ?? entry.stepBudget,
    timeLimitMs: spec.timeLimitMs ?? profileLimitMs ?? variantEntry.timeLimitMs ?? entry.timeLimitMs,
    // The environment's, whatever the clock: pdq, lcrt and realtime differ only in what thinking time costs.
    observationDelayMs: spec.observationDelayMs ?? profileDelayMs ?? RunDefaults.observationDelayMs,
    decisionTimeoutMs: spec.decisionTimeoutMs ?? 180_000,
  };
  const frame = spec.frame ?? entry.frame;
  checkFrameFits(frame.width, frame.height);
  const runId = spec.runId ?? newRunId(entry.id);
  const dir = join(spec.runsDir ?? 'runs', runId);
  const recorder = new RunRecorder(dir, {
    runId,
    versions: { gateway: GATEWAY_VERSION, node: process.version },
    game: entry.id,
    variant,
    seed,
    clock,
    ...(spec.fairness?.arm === 'matched' || spec.fairness?.arm === 'handicap' ? { fairness: describeFairness(spec.fairness) } : {}),
    profile: spec.profile ?? 'default',
    limits,
    frame,
    agents: recordedAgents(spec),
    conditions: runConditions(spec, entry, clock, limits, frame),
    ...spec.meta,
  }, spec.recordQueue);
  spec.onEvent?.({ type: 'started', runId, dir, stepBudget: limits.stepBudget, timeLimitMs: limits.timeLimitMs });

  const controller = new AbortController();
  // A record the disk stops taking ends the match at once: the game and agents are told and stopped below.
  recorder.onWriteFailure((err) => controller.abort(err));
  const onAbort = (): void => controller.abort();
  spec.signal?.addEventListener('abort', onAbort, { once: true });
  // A record write that does not finish within its bound (a stopped disk) ends the match.
  recorder.queue.whenStalled((err) => controller.abort(err));
  let endpoint: GameEndpoint | undefined;
  let session: MatchSession | undefined;
  let reason = 'error';
  let failure: ArenaError | undefined;
  try {
    // The game streams its privileged state only when an agent of this match reads it. The recorder asks a
    // reference game for its tracked task-relevant state instead (state.jsonl), which no agent ever gets.
    const privileged = spec.slots.some((s) => s.agent.privileged);
    endpoint = await (spec.launch ?? ((e: GameEntry, o: LaunchOptions) => launchGame(e, o)))(entry, { privileged, perception: true, ...(rules.profile === 'omnigamearena' ? { keyNames: 'ue' as const } : {}) });
    const ep = endpoint;
    // A game that dies mid-decision must not leave the match waiting on an agent.
    ep.client.onClosed((err) => {
      if (err) controller.abort(err);
    });
    const build = { game: ep.client.game, build: ep.client.build, tickMs: ep.client.capabilities.clock.tickMs };
    recorder.update({ build, conditions: { ...runConditions(spec, entry, clock, limits, frame), build } });
    const runner = rules.profile === 'omnigamearena' ? runnerGame(entry.id) : undefined;
    const gamePrompt = runner ? runnerGamePrompt(entry, runner) : composeGamePrompt(entry);
    // The wait for agents (remote ones may take minutes to join) ends at once when the match is aborted.
    await untilAborted(
      Promise.all(
        spec.slots.map((s) =>
          s.agent.start({ matchId: runId, game: entry.id, variant, slot: s.slot, team: entry.slots.find((e) => e.slot === s.slot)!.team, controls: entry.controls, gamePrompt, stepBudget: limits.stepBudget, ...(runner ? { profile: 'omnigamearena' as const } : {}) }),
        ),
      ),
      controller.signal,
    );
    // Known once every agent started: a remote agent's hello may ask for raw frames, which the game then sends.
    if (spec.slots.some((s) => s.agent.joined)) recordJoined(spec, recorder, { ...runConditions(spec, entry, clock, limits, frame), build });
    const gameFrames = gameFrameEncoding(spec, entry, frame);
    session = new MatchSession(spec, entry, ep, recorder, limits, gameFrames.encoding === 'jpeg' ? gameFrames.quality : undefined, rules);
    session.absorb(await ep.client.reset(seed, variant, spec.slots.map((s) => s.slot), { width: frame.width, height: frame.height, ...gameFrames }, limits.timeLimitMs));
    reason = clock === 'realtime' ? await runRealtimeLoop(session, controller.signal) : await runPausedLoop(session, clock, controller.signal);
  } catch (err) {
    failure = toArenaError(err);
    // An abort caused by the game link closing is the game's failure, not the operator's.
    const linkError = endpoint?.client.error;
    if (recorder.writeFailure) failure = recorder.writeFailure;
    else if (failure.code === ErrorCode.ABORTED && linkError && !spec.signal?.aborted) failure = linkError;
    else if (failure.code === ErrorCode.INTERNAL && linkError) failure = linkError;
    if (recorder.queue.stalled) failure = recorder.queue.stalled;
    reason = failure.code;
  } finally {
    spec.signal?.removeEventListener('abort', onAbort);
    if (session) {
      const s = session;
      await Promise.allSettled(
        spec.slots.map(async (slot) =>
          slot.agent.end?.({ reason: failure ? failure.code : reason, progress: s.progress.get(slot.slot)?.progress ?? 0, outcome: s.ended?.outcomes.get(slot.slot) ?? 'none' }),
        ),
      );
    }
    await Promise.allSettled(spec.slots.map((s) => s.agent.close()));
    await endpoint?.close().catch(() => undefined);
  }

  const players: PlayerResult[] = spec.slots.map((s) => {
    const state = session?.slots.get(s.slot);
    const p = session?.progress.get(s.slot);
    return {
      slot: s.slot,
      label: slotLabel(s),
      progress: p?.progress ?? 0,
      score: p?.score ?? 0,
      outcome: session?.ended?.outcomes.get(s.slot) ?? 'none',
      decisions: state?.decisions ?? 0,
      invalid: state?.invalid ?? 0,
      failed: state?.failed ?? 0,
      ...(typeof s.agent.framesDropped === 'number' ? { framesDropped: s.agent.framesDropped } : {}),
      ...(state?.gameFramesDropped ? { gameFramesDropped: state.gameFramesDropped } : {}),
    };
  });
  // The decisions' frames and lines still in the queue are written before the record is closed; a disk that
  // fails on them (or on the last lines) still ends the record as failed.
  await recorder.queue.drain();
  failure ??= recorder.writeFailure ?? recorder.queue.stalled;
  const episode = episodeClass(reason, players, !failure);
  // An episode whose decisions mostly failed (played on under `onDecisionError: noop`) is no result of play: its record says why.
  failure ??= episode === 'failed' ? failedDecisions(spec, session) : undefined;
  const status = failure ? 'incomplete' : 'complete';
  const error = failure ? { code: failure.code, message: failure.message, class: classifyFailure(failure), ...(failure.code === ErrorCode.RECORD_WRITE_FAILED ? { lastDecision: recorder.lastDecision() ?? null } : {}) } : undefined;
  // Under the benchmark's profile the run also keeps the runner's own score (raw, CueChase over 10, a Coop team's sum).
  const game = (spec.profile ?? 'default') === 'omnigamearena' ? runnerGame(entry.id) : undefined;
  const benchmark = game ? runnerScore(game, players.map((p) => [p.score])) : undefined;
  const result: MatchResult = { runId, dir, status, reason, episode, simMs: session?.simMs ?? 0, players, ...(error ? { error } : {}), ...(benchmark ? { benchmark } : {}) };
  // The raw frames kept as they came are made PNGs once every job is written; a stalled queue or a refused disk
  // leaves them as they are (readers take a pending frame in its PNG's place; run.json names what was unwritten).
  const stalled = recorder.queue.stalled !== undefined;
  const compactError = stalled || recorder.writeFailure ? undefined : await compactFrames(dir).then(() => undefined, (err: unknown) => (err instanceof Error ? err.message : String(err)));
  const recorderReport = { ...recorder.queue.report(), ...(compactError ? { compactError } : {}) };
  recorder.files.ledger.close();
  const clockSummary = summarizeLedger(readJsonl(join(dir, 'ledger.jsonl')));
  // A bridge link (arena bridge) says what it carried: frame bytes and ages, and how often it was taken back.
  const link = endpoint ? linkSummary(endpoint.client.linkStats) : undefined;
  await session?.integrity.settle();
  const frameIntegrity = session?.integrity.summary();
  recorder.finish(status, { result: { reason, episode, simMs: result.simMs, players, ...(benchmark ? { benchmark } : {}) }, clockSummary, ...(error ? { failure: error } : {}), ...(link ? { link } : {}), ...(frameIntegrity ? { frameIntegrity } : {}), recorder: recorderReport }, !stalled);
  await writeReplay(dir).catch(() => undefined);
  return result;
}
