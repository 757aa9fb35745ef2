/**
 * Asks one agent for one decision under a wall-clock deadline and turns it into a legal chunk: the one place
 * a decision is checked against the game's controls (an answer parsed, a built chunk checked as it is).
 * Whatever happens, the result is a chunk to run (a no-op when the answer was invalid or the call failed)
 * plus a record of why.
 */
import {
  ArenaError,
  ErrorCode,
  checkChunk,
  noopChunk,
  parseAnswer,
  toArenaError,
  type ActionChunk,
  type Agent,
  type ControlSet,
  type Decision,
  type InvalidReason,
  type Observation,
} from '../../protocol/index.js';

export type DecisionOutcome =
  | { readonly status: 'valid'; readonly chunk: ActionChunk; readonly decision: Decision; readonly wallMs: number }
  | { readonly status: 'invalid'; readonly chunk: ActionChunk; readonly decision: Decision; readonly reason: InvalidReason; readonly detail: string; readonly wallMs: number }
  | { readonly status: 'failed'; readonly chunk: ActionChunk; readonly error: ArenaError; readonly wallMs: number };

/** Errors that spoil one decision; any other error means the agent itself is gone. */
export function isDecisionError(err: ArenaError): boolean {
  return err.code === ErrorCode.PROVIDER_TIMEOUT || err.code === ErrorCode.PROVIDER_ERROR || err.code === ErrorCode.AGENT_TIMEOUT;
}

export async function decideOnce(agent: Agent, observation: Observation, controls: ControlSet, timeoutMs: number, matchSignal: AbortSignal): Promise<DecisionOutcome> {
  const controller = new AbortController();
  let rejectAborted: (err: ArenaError) => void = () => undefined;
  const aborted = new Promise<never>((_, reject) => {
    rejectAborted = reject;
  });
  const onAbort = (): void => {
    controller.abort(matchSignal.reason);
    rejectAborted(new ArenaError(ErrorCode.ABORTED, 'match aborted'));
  };
  if (matchSignal.aborted) onAbort();
  else matchSignal.addEventListener('abort', onAbort, { once: true });
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new ArenaError(ErrorCode.AGENT_TIMEOUT, `no decision within ${timeoutMs} ms`);
        controller.abort(err);
        reject(err);
      }, timeoutMs);
    });
    const decision = await Promise.race([agent.decide(observation, controller.signal), deadline, aborted]);
    const wallMs = performance.now() - started;
    const parsed = decision.kind === 'chunk' ? checkChunk(decision.chunk, controls) : parseAnswer(decision.answer, controls);
    if (!parsed.ok) return { status: 'invalid', chunk: noopChunk(controls.chunkSteps), decision, reason: parsed.reason, detail: parsed.detail, wallMs };
    return { status: 'valid', chunk: parsed.chunk, decision, wallMs };
  } catch (err) {
    const error = toArenaError(err, ErrorCode.AGENT_GONE);
    return { status: 'failed', chunk: noopChunk(controls.chunkSteps), error, wallMs: performance.now() - started };
  } finally {
    clearTimeout(timer);
    matchSignal.removeEventListener('abort', onAbort);
  }
}
