import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_MS, abortableDelay, backoffMs, retryAfterMs } from './backoff.js';

describe('retryAfterMs', () => {
  it('reads Retry-After in seconds', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
  });

  it('prefers retry-after-ms', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '150', 'retry-after': '2' }))).toBe(150);
  });

  it('reads Retry-After as an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(retryAfterMs(new Headers({ 'retry-after': 'Wed, 01 Jan 2025 00:00:03 GMT' }), now)).toBe(3000);
  });

  it('ignores a wait beyond the cap', () => {
    expect(retryAfterMs(new Headers({ 'retry-after': String(MAX_BACKOFF_MS / 1000 + 1) }))).toBeUndefined();
  });

  it('ignores a missing or unreadable header', () => {
    expect(retryAfterMs(new Headers())).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });
});

describe('backoffMs', () => {
  it('doubles per retry within a jitter of [0.75, 1]', () => {
    expect(backoffMs(0, 100, undefined, () => 1)).toBe(100);
    expect(backoffMs(2, 100, undefined, () => 0)).toBe(300);
  });

  it('caps the wait', () => {
    expect(backoffMs(20, 1000, undefined, () => 1)).toBe(MAX_BACKOFF_MS);
  });

  it("uses the server's Retry-After when there is one", () => {
    expect(backoffMs(3, 1000, new Headers({ 'retry-after': '0' }))).toBe(0);
  });
});

describe('abortableDelay', () => {
  it('rejects with the abort reason when aborted', async () => {
    const controller = new AbortController();
    const waiting = abortableDelay(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
  });
});
