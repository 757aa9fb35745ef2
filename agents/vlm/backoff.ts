/** How long to wait before retrying a provider call. */

/** Longest wait before one retry, ms: a server asking for more is not waited on longer than this. */
export const MAX_BACKOFF_MS = 30_000;

/**
 * The server's requested wait, ms, from `retry-after-ms` (ms) or `retry-after` (seconds or an HTTP date);
 * undefined when absent, unreadable, negative or over {@link MAX_BACKOFF_MS}.
 */
export function retryAfterMs(headers: Headers | undefined, now: number = Date.now()): number | undefined {
  if (headers === undefined) return undefined;
  const candidates: number[] = [];
  const ms = headers.get('retry-after-ms');
  if (ms !== null && ms.trim() !== '') candidates.push(Number(ms));
  const after = headers.get('retry-after');
  if (after !== null && after.trim() !== '') {
    const seconds = Number(after);
    candidates.push(Number.isFinite(seconds) ? seconds * 1000 : Date.parse(after) - now);
  }
  const wait = candidates.find((n) => Number.isFinite(n));
  return wait !== undefined && wait >= 0 && wait <= MAX_BACKOFF_MS ? wait : undefined;
}

/**
 * Wait before retry number `retry` (0 for the first retry), ms: the server's Retry-After when it sent one,
 * else `baseMs * 2^retry` scaled by a jitter in [0.75, 1], capped at {@link MAX_BACKOFF_MS}.
 */
export function backoffMs(retry: number, baseMs: number, headers: Headers | undefined, random: () => number = Math.random): number {
  const asked = retryAfterMs(headers);
  if (asked !== undefined) return asked;
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** retry * (0.75 + 0.25 * random()));
}

/** The signal's abort reason as an Error (an AbortError DOMException when the reason is not one). */
export function abortReason(signal: AbortSignal): Error {
  const reason: unknown = signal.reason;
  return reason instanceof Error ? reason : new DOMException('This operation was aborted', 'AbortError');
}

/** Resolves after `ms`, or rejects with the abort reason (see {@link abortReason}) as soon as the signal aborts. */
export function abortableDelay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
