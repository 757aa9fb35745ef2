/**
 * Runs one match end to end: launch the game, start the agents, reset, run the clock loop, and write the
 * run record whatever happens. Errors end the match with a coded reason in the record; they are returned in
 * the result rather than thrown, except for bad specs (unknown game, variant or slot), which throw first.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ArenaError, ErrorCode, toArenaError } from '../../protocol/index.js';
import { getGame, getVariant, RunDefaults, composeGamePrompt, type GameEntry } from '../../games-manifest/index.js';
import { launchGame, type GameEndpoint, type LaunchOptions } from '../../env-bridge/index.js';
import { describeLatencySource } from '../clock/latency.js';
import { RunRecorder, classifyFailure } from '../records/run-recorder.js';
import { readJsonl, writeReplay } from '../records/replay.js';
import { summarizeLedger } from '../clock/ledger-summary.js';
import { MatchSession } from './match-session.js';
import type { MatchResult, MatchSpec, PlayerResult } from './match-spec.js';
import { runPausedLoop } from './paused-loop.js';
import { runRealtimeLoop } from './realtime-loop.js';

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

/**
 * How a completed episode ended, for deciding what its score means: `finished` (the game ended it, or its time
 * ran out), `budget` (an agent's step budget ran out first), `format` (an agent's answers were mostly invalid).
 */
export function episodeClass(reason: string, players: readonly PlayerResult[]): 'finished' | 'budget' | 'format' {
  if (players.some((p) => p.decisions > 0 && p.invalid / p.decisions >= FORMAT_FAILURE_SHARE)) return 'format';
  return reason === 'step_budget' ? 'budget' : 'finished';
}

export async function runMatch(spec: MatchSpec): Promise<MatchResult> {
  const entry = spec.entry ?? getGame(spec.game);
  const variantEntry = getVariant(entry, spec.variant ?? entry.variants[0]!.id);
  const variant = variantEntry.id;
  checkSlots(spec, entry);
  const clock = spec.clock ?? 'pdq';
  const seed = spec.seed ?? 1;
  const limits = {
    stepBudget: spec.stepBudget ?? entry.stepBudget,
    timeLimitMs: spec.timeLimitMs ?? variantEntry.timeLimitMs ?? entry.timeLimitMs,
    observationDelayMs: spec.observationDelayMs ?? (clock === 'pdq' ? RunDefaults.observationDelayMs : 0),
    decisionTimeoutMs: spec.decisionTimeoutMs ?? 180_000,
  };
  const frame = spec.frame ?? entry.frame;
  const runId = spec.runId ?? newRunId(entry.id);
  const dir = join(spec.runsDir ?? 'runs', runId);
  const recorder = new RunRecorder(dir, {
    runId,
    versions: { gateway: GATEWAY_VERSION, node: process.version },
    game: entry.id,
    variant,
    seed,
    clock,
    limits,
    frame,
    agents: spec.slots.map((s) => ({ slot: s.slot, kind: s.agent.kind, label: s.label ?? s.agent.kind, latency: describeLatencySource(s.latency ?? { kind: 'wall' }) })),
    ...spec.meta,
  });
  spec.onEvent?.({ type: 'started', runId, dir, stepBudget: limits.stepBudget, timeLimitMs: limits.timeLimitMs });

  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  spec.signal?.addEventListener('abort', onAbort, { once: true });
  let endpoint: GameEndpoint | undefined;
  let session: MatchSession | undefined;
  let reason = 'error';
  let failure: ArenaError | undefined;
  try {
    // The game streams its privileged state only when an agent of this match reads it; the recorder never does.
    const privileged = spec.slots.some((s) => s.agent.privileged);
    endpoint = await (spec.launch ?? ((e: GameEntry, o: LaunchOptions) => launchGame(e, o)))(entry, { privileged });
    const ep = endpoint;
    // A game that dies mid-decision must not leave the match waiting on an agent.
    ep.client.onClosed((err) => {
      if (err) controller.abort(err);
    });
    recorder.update({ build: { game: ep.client.game, build: ep.client.build, tickMs: ep.client.capabilities.clock.tickMs } });
    const gameFrames = gameFrameEncoding(spec, entry, frame);
    session = new MatchSession(spec, entry, ep, recorder, limits, gameFrames.encoding === 'jpeg' ? gameFrames.quality : undefined);
    const gamePrompt = composeGamePrompt(entry);
    await Promise.all(
      spec.slots.map((s) =>
        s.agent.start({ matchId: runId, game: entry.id, variant, slot: s.slot, team: entry.slots.find((e) => e.slot === s.slot)!.team, controls: entry.controls, gamePrompt, stepBudget: limits.stepBudget }),
      ),
    );
    session.absorb(await ep.client.reset(seed, variant, spec.slots.map((s) => s.slot), { width: frame.width, height: frame.height, ...gameFrames }));
    reason = clock === 'realtime' ? await runRealtimeLoop(session, controller.signal) : await runPausedLoop(session, clock, controller.signal);
  } catch (err) {
    failure = toArenaError(err);
    // An abort caused by the game link closing is the game's failure, not the operator's.
    const linkError = endpoint?.client.error;
    if (failure.code === ErrorCode.ABORTED && linkError && !spec.signal?.aborted) failure = linkError;
    else if (failure.code === ErrorCode.INTERNAL && linkError) failure = linkError;
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
      label: s.label ?? s.agent.kind,
      progress: p?.progress ?? 0,
      score: p?.score ?? 0,
      outcome: session?.ended?.outcomes.get(s.slot) ?? 'none',
      decisions: state?.decisions ?? 0,
      invalid: state?.invalid ?? 0,
      failed: state?.failed ?? 0,
    };
  });
  const status = failure ? 'incomplete' : 'complete';
  const error = failure ? { code: failure.code, message: failure.message, class: classifyFailure(failure) } : undefined;
  const episode = episodeClass(reason, players);
  const result: MatchResult = { runId, dir, status, reason, episode, simMs: session?.simMs ?? 0, players, ...(error ? { error } : {}) };
  recorder.files.ledger.close();
  const clockSummary = summarizeLedger(readJsonl(join(dir, 'ledger.jsonl')));
  recorder.finish(status, { result: { reason, episode, simMs: result.simMs, players }, clockSummary, ...(error ? { failure: error } : {}) });
  await writeReplay(dir).catch(() => undefined);
  return result;
}
