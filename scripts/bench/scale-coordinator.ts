/**
 * The coordinator of the scale bench, run as its own process so the bench can kill it with SIGKILL mid-sweep:
 * plays `<n>` one-decision episodes into `<dir>` through Redis (resuming what an earlier run there stored).
 *
 *   node bin/run.js scripts/bench/scale-coordinator.ts <redis-url> <pool> <dir> <n> <prefix>
 *
 * It prints one JSON line at the end: episodes played now, wall ms, this process's CPU ms per episode from the first stored outcome on,
 * and the mean wall ms of an episode where it ran.
 */
import { parseRedisUrl, RedisBackend, runBatch } from '../../sweeps/index.js';
import { oneDecisionJobs } from './one-decision-game.js';

const [url, pool, dir, count, prefix] = process.argv.slice(2);
if (!url || !pool || !dir || !count || !prefix) {
  process.stderr.write('usage: scale-coordinator.ts <redis-url> <pool> <dir> <n> <prefix>\n');
  process.exit(2);
}
const backend = new RedisBackend({ connection: parseRedisUrl(url), batchDir: dir, batch: prefix });
let episodeMs = 0;
// CPU from the first stored outcome on: the steady state, without connecting and waiting for workers.
let cpu0: NodeJS.CpuUsage | undefined;
const t0 = performance.now();
try {
  const s = await runBatch({ dir, jobs: oneDecisionJobs(Number(count), pool, prefix), backend, onStored: (_job, o) => void ((episodeMs += o.wallMs), (cpu0 ??= process.cpuUsage())) });
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  process.stdout.write(`${JSON.stringify({ played: s.playedNow, failed: s.failedNow, stored: s.stored, wallMs, cpuMsPerEpisode: (cpu.user + cpu.system) / 1000 / Math.max(1, s.playedNow - 1), episodeMs: s.playedNow > 0 ? episodeMs / s.playedNow : 0 })}\n`);
} finally {
  await backend.close();
}
