/** Network round trip to a provider, measured once per endpoint with a cheap request and cached. */

/** Probes per measurement; the fastest counts, so connection setup on the first one is not measured. */
export const RTT_PROBES = 3;

const cache = new Map<string, Promise<number | undefined>>();

async function probeOnce(url: string, apiKey: string, timeoutMs: number): Promise<number | undefined> {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers: { authorization: `Bearer ${apiKey}` }, signal: AbortSignal.timeout(timeoutMs) });
    const elapsed = performance.now() - started;
    await response.body?.cancel();
    return elapsed;
  } catch {
    return undefined;
  }
}

/**
 * Round trip to `baseUrl`, ms: the fastest of {@link RTT_PROBES} `GET {baseUrl}/models` requests, timed to the
 * response headers (any status counts: a 401 or 404 still crossed the network). Undefined when no probe got an
 * answer within `timeoutMs`. Measured once per `baseUrl` per process; later calls share the first measurement.
 * It includes the server's time to answer `/models`, which is small but not zero, so it errs on the high side.
 */
export function networkRtt(baseUrl: string, apiKey: string, timeoutMs = 5_000): Promise<number | undefined> {
  const cached = cache.get(baseUrl);
  if (cached !== undefined) return cached;
  const measured = (async () => {
    let best: number | undefined;
    for (let i = 0; i < RTT_PROBES; i += 1) {
      const ms = await probeOnce(`${baseUrl}/models`, apiKey, timeoutMs);
      if (ms === undefined) break;
      best = best === undefined ? ms : Math.min(best, ms);
    }
    return best === undefined ? undefined : Math.round(best * 100) / 100;
  })();
  cache.set(baseUrl, measured);
  return measured;
}
