/**
 * The `pdq` and `lcrt` match loop: the game stays paused while agents decide; decisions are placed on the
 * virtual timeline; the game then advances exactly to the next observation point with every placed input.
 * Every advance and every placement goes into the clock ledger.
 */
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { Timeline } from '../clock/timeline.js';
import { decideOnce, isDecisionError } from './decide.js';
import type { MatchSession, SettledDecision } from './match-session.js';

export async function runPausedLoop(session: MatchSession, mode: 'pdq' | 'lcrt', signal: AbortSignal): Promise<string> {
  const { client } = session.endpoint;
  const { stepBudget, timeLimitMs, observationDelayMs, decisionTimeoutMs } = session.limits;
  const ledger = session.ledger;
  const timeline = new Timeline(mode, [...session.slots.keys()], observationDelayMs);
  let now = 0;
  for (;;) {
    if (session.ended) return session.ended.reason;
    if (signal.aborted) throw new ArenaError(ErrorCode.ABORTED, 'match aborted');
    const due = timeline.due(now);
    let agentDone = false;
    const decisions = new Map<number, SettledDecision>();
    const wallStart = performance.now();
    // Every slot due now decides at once, while the game holds still.
    const outcomes = await Promise.all(
      due.map(async (slotId) => {
        const slot = session.slots.get(slotId)!;
        const observation = await session.observe(slotId);
        const outcome = await decideOnce(slot.spec.agent, observation, session.entry.controls, decisionTimeoutMs, signal, session.rules);
        return { slotId, observation, outcome };
      }),
    );
    for (const { slotId, observation, outcome } of outcomes) {
      const slot = session.slots.get(slotId)!;
      if (outcome.status === 'failed') {
        if (outcome.error.code === ErrorCode.ABORTED) throw outcome.error;
        const perDecision = isDecisionError(outcome.error);
        const policy = perDecision ? (session.spec.onDecisionError ?? 'noop') : (session.spec.onAgentFailure ?? 'end');
        ledger.append({ kind: 'agent_failure', slot: slotId, atMs: now, code: outcome.error.code, message: outcome.error.message, policy });
        if (policy === 'end') {
          await session.decided(slotId, observation, outcome, false);
          throw new ArenaError(perDecision ? outcome.error.code : ErrorCode.AGENT_GONE, `slot ${slotId} (${slot.label}): ${outcome.error.message}`, { cause: outcome.error });
        }
        if (!perDecision) {
          slot.gone = true;
          await session.decided(slotId, observation, outcome, false);
          timeline.retire(slotId);
          continue;
        }
      }
      // The benchmark's runner makes its first decision with the world running after the map wait: under its
      // profile that decision costs game time in pdq too, charged by the slot's latency source (wall by default).
      const charged = mode === 'lcrt' || (session.rules.firstDecisionRuns && slot.decisions === 0);
      const compiled = await session.decided(slotId, observation, outcome, charged);
      if (outcome.status === 'invalid' && outcome.reason === 'EMPTY_ANSWER' && session.rules.emptyAttempts > 1) {
        throw new ArenaError(ErrorCode.MODEL_EMPTY, `slot ${slotId} (${slot.label}): empty answer on ${session.rules.emptyAttempts} sends; the episode is skipped`);
      }
      if (outcome.status === 'invalid' && outcome.decision.kind === 'answer' && session.rules.agentDone(outcome.decision.answer)) agentDone = true;
      decisions.set(slotId, compiled);
      if (slot.decisions >= stepBudget) timeline.retire(slotId);
    }
    const decideWallMs = performance.now() - wallStart;
    for (const p of timeline.place(now, decisions)) {
      const slot = session.slots.get(p.slot)!;
      ledger.append({ kind: 'placement', slot: p.slot, step: slot.decisions - 1, observedAtMs: p.observedAtMs, chargedMs: p.chargedMs, latencySource: mode === 'lcrt' || p.chargedMs > 0 ? slot.charger.source.kind : 'none', chunkStartMs: p.chunkStartMs, chunkEndMs: p.chunkEndMs, nextObservationMs: p.nextObservationMs, decideWallMs });
    }
    const next = timeline.nextStop();
    const budgetSpent = next === undefined;
    // With every budget spent, run out the chunks already placed, then stop.
    const target = Math.min(budgetSpent ? Math.max(now, timeline.lastQueuedMs()) : next, timeLimitMs);
    const observers = budgetSpent ? [] : timeline.due(target);
    const inputs = timeline.take(now, target);
    const advanceStart = performance.now();
    const reply = await client.advance(target - now, inputs, observers);
    session.absorb(reply);
    ledger.append({ kind: 'advance', fromMs: now, requestedMs: target - now, actualMs: reply.done.actualMs, simMs: reply.done.simMs, ended: reply.done.ended, inputs: inputs.length, observers, wallMs: performance.now() - advanceStart });
    session.spec.onEvent?.({ type: 'advanced', simMs: reply.done.simMs });
    now = target;
    const ended = session.endReason();
    if (ended !== undefined) return ended;
    // The benchmark's profile ends the episode on the agent's own "done" once the no-op it became has run
    // (its chunk and the observation delay, then the score read), as the runner's step does; game over wins.
    if (agentDone) return 'agent_done';
    if (now >= timeLimitMs) return 'time_limit';
    if (budgetSpent) return [...session.slots.values()].every((s) => s.gone) ? 'agents_gone' : 'step_budget';
  }
}
