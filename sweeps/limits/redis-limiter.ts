/**
 * Endpoint limits across every worker: a lease per decision in a Redis sorted set (expiring, renewed while
 * held, so a dead worker's leases lapse) and a one-minute window of starts, both checked in one script on
 * Redis's own clock.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { EndpointLimits } from '../spec/sweep-spec.js';
import { limitKeys } from '../work/redis/redis-names.js';
import { wait, type EndpointLimiter } from './endpoint-limiter.js';

const ACQUIRE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local limit = tonumber(ARGV[1]); local rate = tonumber(ARGV[2]); local lease = tonumber(ARGV[3]); local token = ARGV[4]
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if limit > 0 and redis.call('ZCARD', KEYS[1]) >= limit then return 0 end
if rate > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - 60000)
  if redis.call('ZCARD', KEYS[2]) >= rate then return -1 end
  redis.call('ZADD', KEYS[2], now, token)
  redis.call('PEXPIRE', KEYS[2], 61000)
end
redis.call('ZADD', KEYS[1], now + lease, token)
redis.call('PEXPIRE', KEYS[1], lease * 2)
return 1`;

const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1]); redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]) * 2) end
return 1`;

export class RedisLimiter implements EndpointLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly limits: Readonly<Record<string, EndpointLimits>>,
    private readonly leaseMs = 30_000,
    private readonly pollMs = 20,
  ) {}

  async acquire(endpoint: string, signal: AbortSignal): Promise<() => Promise<void>> {
    const limit = this.limits[endpoint] ?? {};
    const [leases, starts] = limitKeys(endpoint);
    const token = randomBytes(8).toString('hex');
    for (;;) {
      signal.throwIfAborted();
      const got = (await this.redis.eval(ACQUIRE, 2, leases, starts, limit.concurrency ?? 0, limit.ratePerMinute ?? 0, this.leaseMs, token)) as number;
      if (got === 1) break;
      await wait(this.pollMs + Math.random() * this.pollMs, signal);
    }
    const renew = setInterval(() => void this.redis.eval(RENEW, 1, leases, token, this.leaseMs).catch(() => undefined), this.leaseMs / 3);
    return async () => {
      clearInterval(renew);
      await this.redis.zrem(leases, token).catch(() => undefined);
    };
  }

  async close(): Promise<void> {}
}
