/** A counting semaphore, and the per-endpoint ones that every VLM agent in the process shares. */
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { abortReason } from './backoff.js';

/** A counting semaphore with FIFO waiters and abortable waits. */
export class Semaphore {
  #limit: number;
  #active = 0;
  readonly #waiters: { resolve: () => void; reject: (err: unknown) => void; signal: AbortSignal | undefined; onAbort: () => void }[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  /** Permits held right now. */
  get active(): number {
    return this.#active;
  }

  /** Most permits held at once. */
  get limit(): number {
    return this.#limit;
  }

  /** Lowers the limit (never raises it): the strictest agent on an endpoint wins. */
  restrict(limit: number): void {
    this.#limit = Math.min(this.#limit, limit);
  }

  /** Waits for a permit; rejects with the abort reason if the signal aborts first. Returns the release function. */
  async acquire(signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted();
    if (this.#active < this.#limit && this.#waiters.length === 0) {
      this.#active += 1;
      return this.#releaser();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          const index = this.#waiters.indexOf(waiter);
          if (index >= 0) this.#waiters.splice(index, 1);
          if (signal !== undefined) reject(abortReason(signal));
        },
      };
      signal?.addEventListener('abort', waiter.onAbort, { once: true });
      this.#waiters.push(waiter);
    });
    return this.#releaser();
  }

  #releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.#active -= 1;
      this.#drain();
    };
  }

  #drain(): void {
    while (this.#active < this.#limit) {
      const next = this.#waiters.shift();
      if (next === undefined) return;
      next.signal?.removeEventListener('abort', next.onAbort);
      this.#active += 1;
      next.resolve();
    }
  }
}

const endpoints = new Map<string, Semaphore>();

/**
 * The semaphore every agent calling `baseUrl` shares in this process; its limit is the smallest
 * `maxConcurrent` any agent on that endpoint asked for.
 */
export function endpointSemaphore(baseUrl: string, maxConcurrent: number): Semaphore {
  if (!Number.isInteger(maxConcurrent) || maxConcurrent < 1) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `maxConcurrent must be a positive integer, got ${maxConcurrent}`);
  }
  const existing = endpoints.get(baseUrl);
  if (existing !== undefined) {
    existing.restrict(maxConcurrent);
    return existing;
  }
  const created = new Semaphore(maxConcurrent);
  endpoints.set(baseUrl, created);
  return created;
}
