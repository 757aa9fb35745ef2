/**
 * Asks one agent for one decision under a wall-clock deadline and turns it into a legal chunk: the one place
 * a decision is checked against the game's controls (an answer parsed, a built chunk checked as it is).
 * Whatever happens, the result is a chunk to run (a no-op when the answer was invalid or the call failed)
 * plus a record of why.
 */
import { DEFAULT_RULES, type ChunkRules } from './profile-rules.js';
import {
  ArenaError,
  ErrorCode,
  checkChunk,
  noopChunk,
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
  return isProviderFailure(err) || err.code === ErrorCode.AGENT_TIMEOUT;
}

/** A decision whose provider attempts all failed (errors or the provider's own deadline): the infrastructure's failure, not the agent's. */
export function isProviderFailure(err: ArenaError): boolean {
  return err.code === ErrorCode.PROVIDER_TIMEOUT || err.code === ErrorCode.PROVIDER_ERROR;
}

/**
 * Whether a failed decision (`isDecisionError`) ends the episode under the match's `onDecisionError`: `end`
 * ends it on any, `noop` plays the no-op on every one, and the default ends it on a provider failure (a
 * study must not read an outage as bad play) while a decision past the gateway's deadline is the agent's
 * own slowness, played as a no-op.
 */
export function decisionErrorEnds(err: ArenaError, policy: 'end' | 'noop' | undefined): boolean {
  return policy === undefined ? isProviderFailure(err) : policy === 'end';
}

/** Asks `agent` once (an empty answer is asked again up to the rules' `emptyAttempts` sends) and parses the answer by `rules`. */
export async function decideOnce(agent: Agent, observation: Observation, controls: ControlSet, timeoutMs: number, matchSignal: AbortSignal, rules: ChunkRules = DEFAULT_RULES): Promise<DecisionOutcome> {
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
    let decision = await Promise.race([agent.decide(observation, controller.signal), deadline, aborted]);
    for (let sent = 1; sent < rules.emptyAttempts && decision.kind === 'answer' && decision.answer.trim().length === 0; sent++) {
      decision = await Promise.race([agent.decide(observation, controller.signal), deadline, aborted]);
    }
    const wallMs = performance.now() - started;
    const parsed = decision.kind === 'chunk' ? checkChunk(decision.chunk, controls) : rules.parse(decision.answer, controls);
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
