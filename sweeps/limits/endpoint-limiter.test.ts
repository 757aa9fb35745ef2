import { describe, expect, it } from 'vitest';
import { LocalLimiter } from './endpoint-limiter.js';

describe('LocalLimiter', () => {
  it('lets at most `concurrency` holders in at once and wakes a waiter on release', async () => {
    const limiter = new LocalLimiter({ e: { concurrency: 2 } });
    const signal = new AbortController().signal;
    const a = await limiter.acquire('e', signal);
    await limiter.acquire('e', signal);
    let third = false;
    const waiting = limiter.acquire('e', signal).then((r) => ((third = true), r));
    await Promise.resolve();
    expect(third).toBe(false);
    await a();
    await waiting;
    expect(third).toBe(true);
  });

  it('gives up waiting when its signal aborts', async () => {
    const limiter = new LocalLimiter({ e: { concurrency: 1 } });
    await limiter.acquire('e', new AbortController().signal);
    const c = new AbortController();
    const waiting = limiter.acquire('e', c.signal);
    c.abort();
    await limiter.close();
    await expect(waiting).rejects.toThrow();
  });

  it('holds a rate per minute', async () => {
    const limiter = new LocalLimiter({ e: { ratePerMinute: 1 } });
    const c = new AbortController();
    await (await limiter.acquire('e', c.signal))();
    const second = limiter.acquire('e', c.signal);
    c.abort();
    await expect(second).rejects.toThrow();
  });
});
