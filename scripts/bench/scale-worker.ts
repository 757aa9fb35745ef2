/**
 * A fleet worker of the scale bench, run as its own process: one slot, the one-decision game served in process.
 *
 *   node bin/run.js scripts/bench/scale-worker.ts <redis-url> <pool> <name>
 *
 * It prints `worker <name>:` on stderr once it takes jobs, one `<id> (attempt N) starts` line per episode, and
 * leaves on SIGTERM after the episode in hand.
 */
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseRedisUrl, startFleetWorker } from '../../sweeps/index.js';
import { ONE_DECISION, oneDecisionResolver } from './one-decision-game.js';

const [url, pool, name] = process.argv.slice(2);
if (!url || !pool || !name) {
  process.stderr.write('usage: scale-worker.ts <redis-url> <pool> <name>\n');
  process.exit(2);
}
const workDir = join(tmpdir(), `arena-scale-${name}-${process.pid}`);
const worker = await startFleetWorker({
  connection: parseRedisUrl(url),
  pool,
  slots: 1,
  name,
  games: [ONE_DECISION],
  workDir,
  resolve: oneDecisionResolver,
  calibrate: 0,
  lockMs: 5000,
});
process.once('SIGTERM', () => void worker.close().then(() => (rmSync(workDir, { recursive: true, force: true }), process.exit(0))));
