/** `arena worker --redis URL`: plays episodes of sweeps, tournaments and curves for one pool on this host. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listGames, parseEnvironment } from '../../games-manifest/index.js';
import { defaultWorkerName, parseRedisUrl, startFleetWorker, type SlotBuild } from '../../sweeps/index.js';
import { episodeResolver } from '../../plans/index.js';
import { usage } from '../cli-error.js';
import { num, parseFlags, positive, type CommandSpec, type FlagTable } from '../cli/flags.js';

/** `arena worker`'s flags; `--redis` is required. */
export const workerOptions = {
  redis: { type: 'string', arg: 'URL', defaultText: 'required', description: "the coordinator's Redis (redis://host:port)" },
  pool: { type: 'string', arg: 'NAME', default: 'default', description: 'the pool this host serves' },
  slots: { type: 'string', kind: 'integer', arg: 'N', defaultText: '1, or one per --builds address', description: 'episodes at once' },
  games: { type: 'string', arg: 'A,B', defaultText: "every game in the manifest, or the --builds' games", description: 'games this host can play' },
  builds: { type: 'string', arg: 'GAME=URL,...', defaultText: 'none', description: 'a build of its own per slot, in slot order: its game and address (remote-input://HOST:PORT or ws://HOST:PORT); each slot plays only its build' },
  name: { type: 'string', arg: 'NAME', defaultText: 'HOST-PID', description: "the worker's name in logs and records" },
  'work-dir': { type: 'string', arg: 'DIR', defaultText: 'a folder in the temp dir', description: 'where run directories are written before they are sent' },
  'lock-ms': { type: 'string', kind: 'number', arg: 'MS', defaultText: '30000', description: 'job lock: silent this long, a worker counts as dead and its episode is replayed' },
  'speed-factor': { type: 'string', kind: 'number', arg: 'X', defaultText: '1', description: 'play X times as fast as this host can (0.5: a host half as fast; a simulated fleet)' },
  calibrate: { type: 'string', kind: 'integer', arg: 'N', defaultText: '1', description: 'short episodes played at start to measure the speed this worker advertises (0: advertise --speed-factor)' },
  frames: { type: 'string', arg: 'WxH,...', defaultText: 'any', description: 'frame sizes this host serves, e.g. 1920x1080,640x360' },
  'stall-limit': { type: 'string', kind: 'integer', arg: 'N', defaultText: '3', description: 'replays of an episode whose worker went silent before it fails as WORKER_LOST (0: fail at the first stall)' },
} as const satisfies FlagTable;

/** `--builds last_stand=remote-input://10.0.0.7:12345,...`: each slot's game and address; BAD_CONFIG for an address that is none. */
function parseBuilds(text: string, known: readonly string[]): SlotBuild[] {
  return text.split(',').map((part) => {
    const m = /^([^=\s]+)=(\S+)$/.exec(part.trim());
    if (!m) throw usage(`--builds takes GAME=URL pairs, comma-separated, e.g. last_stand=remote-input://10.0.0.7:12345 (got '${part}')`);
    const [, game, address] = m as unknown as [string, string, string];
    if (!known.includes(game)) throw usage(`--builds: unknown game '${game}'; known games: ${known.join(', ')}`);
    parseEnvironment(address);
    return { game, address };
  });
}

export async function workerCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('worker', workerOptions, argv);
  if (values.redis === undefined) throw usage('arena worker needs --redis URL; see arena worker --help');
  const known = listGames().map((g) => g.id);
  const builds = values.builds === undefined ? undefined : parseBuilds(values.builds, known);
  const slots = positive(values.slots, 'slots', builds?.length ?? 1);
  if (builds && slots !== builds.length) throw usage(`--slots ${slots} with ${builds.length} --builds address(es): a slot per build (leave --slots out)`);
  const games = values.games?.split(',').map((g) => g.trim()) ?? (builds ? [...new Set(builds.map((b) => b.game))] : known);
  const unknown = games.filter((g) => !known.includes(g));
  if (unknown.length > 0) throw usage(`unknown game(s) ${unknown.join(', ')}; known games: ${known.join(', ')}`);
  const unbuilt = builds ? games.filter((g) => !builds.some((b) => b.game === g)) : [];
  if (unbuilt.length > 0) throw usage(`--games names ${unbuilt.join(', ')}, which no --builds slot runs`);
  const stallLimit = num(values['stall-limit'], 'stall-limit') ?? 3;
  const speedFactor = positive(values['speed-factor'], 'speed-factor', 1);
  if (speedFactor > 1) throw usage(`--speed-factor slows a host down: at most 1 (got ${speedFactor})`);
  const calibrate = num(values.calibrate, 'calibrate') ?? 1;
  if (calibrate < 0) throw usage(`--calibrate takes 0 or more episodes (got ${calibrate})`);
  const frames = values.frames?.split(',').map((f) => {
    const m = /^(\d+)x(\d+)$/.exec(f.trim());
    if (!m) throw usage(`--frames takes sizes like 1920x1080,640x360 (got '${f}')`);
    return { width: Number(m[1]), height: Number(m[2]) };
  });
  const name = values.name ?? defaultWorkerName();
  const worker = await startFleetWorker({
    connection: parseRedisUrl(values.redis),
    pool: values.pool,
    slots,
    name,
    games,
    workDir: values['work-dir'] ?? join(tmpdir(), `arena-worker-${name}`),
    resolve: episodeResolver(),
    lockMs: positive(values['lock-ms'], 'lock-ms', 30_000),
    stallLimit,
    speedFactor,
    calibrate,
    ...(frames ? { frames } : {}),
    ...(builds ? { builds } : {}),
  });
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  process.stderr.write(`worker ${name}: stopping after running episodes\n`);
  await worker.close();
  return 0;
}

/** `arena worker` in the command table. */
export const workerCli: CommandSpec = {
  flags: workerOptions,
  examples: ['arena worker --redis redis://10.0.0.5:6379 --pool gpu --slots 4 --games last_stand,sky_duel', 'arena worker --redis redis://10.0.0.5:6379 --pool gpu --builds last_stand=remote-input://127.0.0.1:12345,last_stand=remote-input://127.0.0.1:12355'],
  notes: [
    'Takes episodes for one pool from Redis and plays them, at most --slots at once, until stopped (Ctrl-C or',
    'SIGTERM: running episodes finish first). Run records go back to the coordinator through Redis.',
  ],
  run: workerCommand,
};
