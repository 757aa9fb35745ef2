/** Per-endpoint concurrency and rate limits: the seam, an in-process limiter, and an agent that obeys one. */
import type { Agent, AgentStart, Decision, EpisodeSummary, Observation } from '../../protocol/index.js';
import type { EndpointLimits } from '../spec/sweep-spec.js';

/** Gives out permission for one decision against an endpoint; the returned function hands it back. */
export interface EndpointLimiter {
  acquire(endpoint: string, signal: AbortSignal): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Waits `ms`, or less when `signal` aborts. */
export function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** Limits within one process: a counting semaphore and a sliding one-minute window per endpoint. */
export class LocalLimiter implements EndpointLimiter {
  private readonly inFlight = new Map<string, number>();
  private readonly starts = new Map<string, number[]>();
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly limits: Readonly<Record<string, EndpointLimits>>) {}

  async acquire(endpoint: string, signal: AbortSignal): Promise<() => Promise<void>> {
    const limit = this.limits[endpoint] ?? {};
    for (;;) {
      signal.throwIfAborted();
      const now = Date.now();
      const starts = (this.starts.get(endpoint) ?? []).filter((t) => t > now - 60_000);
      this.starts.set(endpoint, starts);
      const busy = this.inFlight.get(endpoint) ?? 0;
      const concurrencyOk = limit.concurrency === undefined || busy < limit.concurrency;
      const rateOk = limit.ratePerMinute === undefined || starts.length < limit.ratePerMinute;
      if (concurrencyOk && rateOk) break;
      if (!rateOk) await wait(starts[0]! + 60_000 - now + 1, signal);
      else await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    this.inFlight.set(endpoint, (this.inFlight.get(endpoint) ?? 0) + 1);
    this.starts.get(endpoint)!.push(Date.now());
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      this.inFlight.set(endpoint, (this.inFlight.get(endpoint) ?? 1) - 1);
      this.waiters.splice(0).forEach((w) => w());
    };
  }

  async close(): Promise<void> {
    this.waiters.splice(0).forEach((w) => w());
  }
}

/** An agent whose every decision first takes a permit of `endpoint` from `limiter`. */
export class LimitedAgent implements Agent {
  readonly kind: string;
  readonly privileged: boolean;
  readonly frameEncoding: Agent['frameEncoding'];

  constructor(private readonly inner: Agent, private readonly limiter: EndpointLimiter, private readonly endpoint: string) {
    this.kind = inner.kind;
    this.privileged = inner.privileged;
    this.frameEncoding = inner.frameEncoding;
  }

  start(info: AgentStart): Promise<void> {
    return this.inner.start(info);
  }

  async decide(observation: Observation, signal: AbortSignal): Promise<Decision> {
    const release = await this.limiter.acquire(this.endpoint, signal);
    try {
      return await this.inner.decide(observation, signal);
    } finally {
      await release();
    }
  }

  async end(summary: EpisodeSummary): Promise<void> {
    await this.inner.end?.(summary);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
