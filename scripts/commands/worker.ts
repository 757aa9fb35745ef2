/** `arena worker --redis URL`: plays episodes of sweeps, tournaments and curves for one pool on this host. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { listGames } from '../../games-manifest/index.js';
import { defaultWorkerName, parseRedisUrl, startFleetWorker } from '../../sweeps/index.js';
import { makeAgent } from '../agent-factory.js';
import { jobEntry } from '../job-entry.js';
import { usage } from '../cli-error.js';
import { positive } from './sweep.js';

const HELP = `usage: arena worker --redis URL [options]

Takes episodes for one pool from Redis and plays them, at most --slots at once, until stopped (Ctrl-C or
SIGTERM: running episodes finish first). Run records go back to the coordinator through Redis.

options:
  --redis URL       the coordinator's Redis (redis://host:port), required
  --pool NAME       the pool this host serves (default 'default')
  --slots N         episodes at once (default 1)
  --games A,B       games this host can play (default: every game in the manifest)
  --name NAME       the worker's name in logs and records (default host-pid)
  --work-dir DIR    where run directories are written before they are sent (default a folder in the temp dir)
  --lock-ms MS      job lock: silent this long, a worker counts as dead and its episode is replayed (default 30000)
  --help            this text

example:
  arena worker --redis redis://10.0.0.5:6379 --pool gpu --slots 4 --games last_stand,sky_duel
`;

export async function workerCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { redis: { type: 'string' }, pool: { type: 'string' }, slots: { type: 'string' }, games: { type: 'string' }, name: { type: 'string' }, 'work-dir': { type: 'string' }, 'lock-ms': { type: 'string' }, help: { type: 'boolean', default: false } },
    strict: true,
  });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (values.redis === undefined) throw usage('arena worker needs --redis URL; arena worker --help');
  const slots = positive(values.slots, 'slots', 1);
  if (!Number.isInteger(slots)) throw usage('--slots takes a whole number');
  const known = listGames().map((g) => g.id);
  const games = values.games?.split(',').map((g) => g.trim()) ?? known;
  const unknown = games.filter((g) => !known.includes(g));
  if (unknown.length > 0) throw usage(`unknown game(s) ${unknown.join(', ')}; known games: ${known.join(', ')}`);
  const name = values.name ?? defaultWorkerName();
  const worker = await startFleetWorker({
    connection: parseRedisUrl(values.redis),
    pool: values.pool ?? 'default',
    slots,
    name,
    games,
    workDir: values['work-dir'] ?? join(tmpdir(), `arena-worker-${name}`),
    makeAgent,
    entryOf: jobEntry,
    lockMs: positive(values['lock-ms'], 'lock-ms', 30_000),
  });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stderr.write(`worker ${name}: stopping after running episodes\n`);
  await worker.close();
  return 0;
}
