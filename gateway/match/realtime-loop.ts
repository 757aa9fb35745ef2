/**
 * The `realtime` match loop: the game runs freely and streams frames; each agent, concurrently, takes its
 * newest frame, decides on the wall clock while the game keeps going, sends its chunk to start at once, and
 * looks again when the chunk and the observation delay have played out. The ledger records the game and wall time that really passed.
 */
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { decideOnce, decisionErrorEnds, isDecisionError } from './decide.js';
import type { MatchSession } from './match-session.js';

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const t = setTimeout(done, ms);
    function done(): void {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}

export async function runRealtimeLoop(session: MatchSession, signal: AbortSignal): Promise<string> {
  const { client } = session.endpoint;
  const { stepBudget, timeLimitMs, decisionTimeoutMs } = session.limits;
  const ledger = session.ledger;
  const timeScale = session.spec.realtime?.timeScale ?? 1;
  const fps = session.spec.realtime?.fps ?? 10;
  const stop = new AbortController();
  const stopAll = (): void => stop.abort();
  signal.addEventListener('abort', stopAll, { once: true });
  let fatal: ArenaError | undefined;

  const subscription = client.stream$.subscribe((msg) => {
    switch (msg.type) {
      case 'frame':
      case 'progress':
      case 'state':
      case 'tracked':
      case 'event':
      case 'episode_end':
        session.absorbMessage(msg);
        if (session.ended || session.simMs >= timeLimitMs) stopAll();
        break;
      case 'done':
      case 'error':
      case 'hello':
      case 'bye':
        break;
    }
  });

  const startSim = session.simMs;
  const wallStart = performance.now();
  await client.resume(timeScale, fps, [...session.slots.keys()]);
  ledger.append({ kind: 'resume', simMs: startSim, timeScale, fps });

  const agentLoop = async (slotId: number): Promise<void> => {
    const slot = session.slots.get(slotId)!;
    while (!stop.signal.aborted && slot.decisions < stepBudget) {
      const observation = await session.observe(slotId);
      const deciding = decideOnce(slot.spec.agent, observation, session.entry.controls, decisionTimeoutMs, stop.signal, session.rules);
      session.handedOver(slotId);
      const outcome = await deciding;
      if (stop.signal.aborted) return;
      if (outcome.status === 'failed' && !isDecisionError(outcome.error)) {
        client.input(session.rules.release(session.entry.controls, slotId));
        const policy = session.spec.onAgentFailure ?? 'end';
        ledger.append({ kind: 'agent_failure', slot: slotId, simMs: session.simMs, code: outcome.error.code, message: outcome.error.message, policy });
        slot.gone = true;
        await session.decided(slotId, observation, outcome, false);
        if (policy === 'end') {
          fatal = new ArenaError(ErrorCode.AGENT_GONE, `slot ${slotId} (${slot.label}): ${outcome.error.message}`, { cause: outcome.error });
          stopAll();
        }
        return;
      }
      if (outcome.status === 'failed' && decisionErrorEnds(outcome.error, session.spec.onDecisionError)) {
        // The decision that ends the episode is recorded like any other (nothing of it is sent to the game).
        client.input(session.rules.release(session.entry.controls, slotId));
        ledger.append({ kind: 'agent_failure', slot: slotId, simMs: session.simMs, code: outcome.error.code, message: outcome.error.message, policy: 'end' });
        await session.decided(slotId, observation, outcome, false);
        fatal ??= new ArenaError(outcome.error.code, `slot ${slotId} (${slot.label}): ${outcome.error.message}`, { cause: outcome.error });
        stopAll();
        return;
      }
      const compiled = await session.decided(slotId, observation, outcome, false);
      client.input(compiled.inputs);
      ledger.append({ kind: 'action', slot: slotId, step: slot.decisions - 1, observedAtMs: observation.simMs, sentAtMs: session.simMs, lagMs: session.simMs - observation.simMs, decideWallMs: outcome.wallMs, durationMs: compiled.durationMs });
      // The observation delay is the environment's: the agent looks again after it, as under pdq and lcrt.
      await wait((compiled.durationMs + session.limits.observationDelayMs) / timeScale, stop.signal);
    }
  };

  try {
    await Promise.all([...session.slots.keys()].map(agentLoop));
  } finally {
    signal.removeEventListener('abort', stopAll);
    const paused = await client.pause().catch(() => undefined);
    if (paused) session.absorb(paused);
    subscription.unsubscribe();
    ledger.append({ kind: 'realtime', fromMs: startSim, actualMs: session.simMs - startSim, wallMs: performance.now() - wallStart, timeScale });
  }
  if (fatal) throw fatal;
  if (signal.aborted) throw new ArenaError(ErrorCode.ABORTED, 'match aborted');
  if (session.ended) return session.ended.reason;
  if (session.simMs >= timeLimitMs) return 'time_limit';
  return 'step_budget';
}
