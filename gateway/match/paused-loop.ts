/**
 * The `pdq` and `lcrt` match loop: the game stays paused while agents decide; decisions are placed on the
 * virtual timeline; the game then advances exactly to the next observation point with every placed input.
 * Every advance and every placement goes into the clock ledger.
 */
import { ArenaError, ErrorCode, type Observation } from '../../protocol/index.js';
import { describeFairness } from '../clock/fairness.js';
import { Timeline } from '../clock/timeline.js';
import type { PausedClockMode } from '../clock/clock-mode.js';
import { decideOnce, decisionErrorEnds, isDecisionError, type DecisionOutcome } from './decide.js';
import { describeLatencySource } from '../clock/latency.js';
import type { MatchSession, SettledDecision } from './match-session.js';

export async function runPausedLoop(session: MatchSession, mode: PausedClockMode, signal: AbortSignal): Promise<string> {
  const { client } = session.endpoint;
  const { stepBudget, timeLimitMs, observationDelayMs, decisionTimeoutMs } = session.limits;
  const ledger = session.ledger;
  const timeline = new Timeline(session.fair.timelineMode(mode), [...session.slots.keys()], observationDelayMs);
  const arm = session.spec.fairness !== undefined && session.fair.adjusts ? describeFairness(session.spec.fairness) : undefined;
  let now = 0;
  // Under the runner's rules: when and why the episode ends, once a slot's last chunk is placed.
  let endAt: { readonly ms: number; readonly reason: 'step_budget' | 'agent_done' } | undefined;
  for (;;) {
    if (session.ended) return session.ended.reason;
    if (signal.aborted) throw new ArenaError(ErrorCode.ABORTED, 'match aborted');
    const due = timeline.due(now);
    let agentDone = false;
    const doneSlots = new Set<number>();
    const decisions = new Map<number, SettledDecision>();
    const wallStart = performance.now();
    // Every slot due now decides at once, while the game holds still.
    const outcomes = await Promise.all(
      due.map(async (slotId) => {
        const slot = session.slots.get(slotId)!;
        const observation = await session.observe(slotId);
        const deciding = decideOnce(slot.spec.agent, observation, session.entry.controls, decisionTimeoutMs, signal, session.rules);
        // The observation is on its way to the agent: the record's work on its frame may start now.
        session.handedOver(slotId);
        const outcome = await deciding;
        return { slotId, observation, outcome };
      }),
    );
    // Each decision is settled (counted, compiled, its latency measured) before any is recorded, so the
    // arm's round rule (matched) can set the charge that the records then show.
    const settled: { slotId: number; observation: Observation; outcome: DecisionOutcome; decision: SettledDecision; placed: boolean }[] = [];
    let stop: ArenaError | undefined;
    for (const { slotId, observation, outcome } of outcomes) {
      const slot = session.slots.get(slotId)!;
      if (outcome.status === 'failed') {
        if (outcome.error.code === ErrorCode.ABORTED) throw outcome.error;
        const perDecision = isDecisionError(outcome.error);
        const policy = perDecision ? (decisionErrorEnds(outcome.error, session.spec.onDecisionError) ? 'end' : 'noop') : (session.spec.onAgentFailure ?? 'end');
        ledger.append({ kind: 'agent_failure', slot: slotId, atMs: now, code: outcome.error.code, message: outcome.error.message, policy });
        if (policy === 'end') {
          settled.push({ slotId, observation, outcome, decision: session.settle(slotId, outcome, false), placed: false });
          stop = new ArenaError(perDecision ? outcome.error.code : ErrorCode.AGENT_GONE, `slot ${slotId} (${slot.label}): ${outcome.error.message}`, { cause: outcome.error });
          break;
        }
        if (!perDecision) {
          slot.gone = true;
          settled.push({ slotId, observation, outcome, decision: session.settle(slotId, outcome, false), placed: false });
          timeline.retire(slotId);
          continue;
        }
      }
      // The benchmark's runner makes its first decision with the world running after the map wait: under its
      // profile that decision costs game time in pdq too, charged by the slot's latency source (wall by default).
      const charged = mode === 'lcrt' || (session.rules.firstDecisionRuns && slot.decisions === 0);
      settled.push({ slotId, observation, outcome, decision: session.settle(slotId, outcome, charged), placed: true });
      if (outcome.status === 'invalid' && outcome.reason === 'EMPTY_ANSWER' && session.rules.emptyAttempts > 1) {
        stop = new ArenaError(ErrorCode.MODEL_EMPTY, `slot ${slotId} (${slot.label}): empty answer on ${session.rules.emptyAttempts} sends; the episode is skipped`);
        break;
      }
      if (outcome.status === 'invalid' && outcome.decision.kind === 'answer' && session.rules.agentDone(outcome.decision.answer)) {
        agentDone = true;
        doneSlots.add(slotId);
      }
      if (slot.decisions >= stepBudget) timeline.retire(slotId);
    }
    // Under matched, every decision placed this round is charged the round's shared latency.
    const shared = stop === undefined ? session.fair.round(settled.filter((d) => d.placed).map((d) => d.decision.measuredMs ?? d.decision.chargedMs)) : undefined;
    for (const d of settled) {
      const decision = shared === undefined || !d.placed ? d.decision : { ...d.decision, chargedMs: shared };
      await session.recordDecision(d.slotId, d.observation, d.outcome, decision);
      if (d.placed) decisions.set(d.slotId, decision);
    }
    if (stop) throw stop;
    // Each slot's own time to answer, not the round's (which waits for the slowest): a slot that answered in 1 ms
    // thought 1 ms; the round's wall time stands in only for a slot this round did not settle.
    const roundWallMs = performance.now() - wallStart;
    const ownWallMs = new Map(settled.map((d) => [d.slotId, d.outcome.wallMs]));
    for (const p of timeline.place(now, decisions)) {
      const decideWallMs = ownWallMs.get(p.slot) ?? roundWallMs;
      const slot = session.slots.get(p.slot)!;
      const measured = arm === undefined ? {} : { measuredMs: decisions.get(p.slot)!.measuredMs ?? p.chargedMs, fairness: arm };
      ledger.append({ kind: 'placement', slot: p.slot, step: slot.decisions - 1, observedAtMs: p.observedAtMs, chargedMs: p.chargedMs, ...measured, latencySource: mode === 'lcrt' || p.chargedMs > 0 ? describeLatencySource(slot.charger.source) : 'none', chunkStartMs: p.chunkStartMs, chunkEndMs: p.chunkEndMs, nextObservationMs: p.nextObservationMs, decideWallMs });
      if (session.rules.firstFinishEnds && (doneSlots.has(p.slot) || slot.decisions >= stepBudget) && (endAt === undefined || p.nextObservationMs < endAt.ms)) {
        endAt = { ms: p.nextObservationMs, reason: doneSlots.has(p.slot) ? 'agent_done' : 'step_budget' };
      }
    }
    const next = timeline.nextStop();
    const budgetSpent = next === undefined;
    // With every budget spent, run out the chunks already placed, then stop; under the runner's rules stop
    // where the first slot to finish finishes.
    const runOut = budgetSpent ? Math.max(now, timeline.lastQueuedMs()) : next;
    const target = Math.min(endAt === undefined ? runOut : Math.min(next ?? endAt.ms, endAt.ms), timeLimitMs);
    const ending = endAt !== undefined && target >= endAt.ms;
    const observers = budgetSpent || ending ? [] : timeline.due(target);
    const inputs = timeline.take(now, target);
    const advanceStart = performance.now();
    const reply = await client.advance(target - now, inputs, observers);
    session.absorb(reply);
    ledger.append({ kind: 'advance', fromMs: now, requestedMs: target - now, actualMs: reply.done.actualMs, simMs: reply.done.simMs, ended: reply.done.ended, inputs: inputs.length, observers, wallMs: performance.now() - advanceStart });
    session.spec.onEvent?.({ type: 'advanced', simMs: reply.done.simMs });
    now = target;
    const ended = session.endReason();
    if (ended !== undefined) return ended;
    if (ending) return endAt!.reason;
    // The benchmark's profile ends the episode on the agent's own "done" once the no-op it became has run
    // (its chunk and the observation delay, then the score read), as the runner's step does; game over wins.
    if (agentDone && !session.rules.firstFinishEnds) return 'agent_done';
    if (now >= timeLimitMs) return 'time_limit';
    if (budgetSpent) return [...session.slots.values()].every((s) => s.gone) ? 'agents_gone' : 'step_budget';
  }
}
