import { describe, expect, it } from 'vitest';
import { ErrorCode } from '../../protocol/index.js';
import { Semaphore, endpointSemaphore } from './semaphore.js';

describe('Semaphore', () => {
  it('grants up to its limit at once', async () => {
    const s = new Semaphore(2);
    await s.acquire();
    await s.acquire();
    let third = false;
    void s.acquire().then(() => (third = true));
    await Promise.resolve();
    expect([s.active, third]).toEqual([2, false]);
  });

  it('hands a released permit to the oldest waiter', async () => {
    const s = new Semaphore(1);
    const release = await s.acquire();
    const order: string[] = [];
    const a = s.acquire().then((r) => (order.push('a'), r));
    const b = s.acquire().then((r) => (order.push('b'), r));
    release();
    (await a)();
    (await b)();
    expect(order).toEqual(['a', 'b']);
    expect(s.active).toBe(0);
  });

  it('ignores a second release of the same permit', async () => {
    const s = new Semaphore(1);
    const release = await s.acquire();
    release();
    release();
    expect(s.active).toBe(0);
  });

  it('rejects a wait with the abort reason and drops the waiter', async () => {
    const s = new Semaphore(1);
    const release = await s.acquire();
    const controller = new AbortController();
    const waiting = s.acquire(controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    release();
    expect(s.active).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(new Semaphore(1).acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });
});

describe('endpointSemaphore', () => {
  it('shares one semaphore per base URL, at the smallest limit asked', () => {
    const a = endpointSemaphore('http://shared.test/v1', 4);
    const b = endpointSemaphore('http://shared.test/v1', 2);
    expect(b).toBe(a);
    expect(a.limit).toBe(2);
    expect(endpointSemaphore('http://other.test/v1', 4)).not.toBe(a);
  });

  it('rejects a limit below 1 with BAD_CONFIG', () => {
    expect(() => endpointSemaphore('http://bad.test/v1', 0)).toThrow(expect.objectContaining({ code: ErrorCode.BAD_CONFIG }));
  });
});
