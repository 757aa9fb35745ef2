/**
 * The endpoint limits of a tournament's or curve's players on a fleet. In one process a VLM agent's decisions
 * share its endpoint's semaphore (at most the least `maxConcurrent` any agent on that endpoint asked for); on a
 * fleet each worker has its own, so the limit would hold per worker. Here each VLM player's decisions count
 * against its endpoint (named from its `baseUrl`) with that same limit, which the work layer enforces across
 * every worker (sweeps/limits). A sweep names its endpoints and limits itself (its spec's `endpoints`).
 */
import { parseVlmAgentConfig } from '../../agents/index.js';
import { digest, type EndpointLimits } from '../../sweeps/index.js';

/** The endpoint a VLM agent's decisions count against, and its limit; undefined for an agent that is no VLM agent. */
function vlmLimit(vlm: unknown): { readonly endpoint: string; readonly concurrency: number } | undefined {
  if (vlm === undefined) return undefined;
  const config = parseVlmAgentConfig(vlm);
  return { endpoint: `vlm-${digest(config.baseUrl, 10)}`, concurrency: config.maxConcurrent };
}

/** `{ endpoint }` for a player with a VLM configuration, `{}` otherwise: spread into a job's player. */
export function vlmEndpointOf(vlm: unknown): { endpoint?: string } {
  const limit = vlmLimit(vlm);
  return limit === undefined ? {} : { endpoint: limit.endpoint };
}

/** The limits of every endpoint the VLM configurations `vlms` play on: per endpoint, the least `maxConcurrent` asked for. */
export function vlmEndpointLimits(vlms: readonly unknown[]): Record<string, EndpointLimits> {
  const out: Record<string, EndpointLimits> = {};
  for (const vlm of vlms) {
    const limit = vlmLimit(vlm);
    if (limit === undefined) continue;
    const known = out[limit.endpoint]?.concurrency;
    out[limit.endpoint] = { concurrency: known === undefined ? limit.concurrency : Math.min(known, limit.concurrency) };
  }
  return out;
}
