/**
 * `arena remote-input-serve`: serves a reference game over the OmniGameArena RemoteInput TCP protocol, one
 * port per player (player 1 on --port, player 2 on --port + 1), so Python harnesses written for the UE5
 * builds can drive our games. Prints a ready line (`ARENA_READY {"ports":[...]}`) on stdout, then runs until
 * SIGINT or SIGTERM.
 */
import { parseArgs } from 'node:util';
import { ArenaError, ErrorCode, READY_PREFIX } from '../../protocol/index.js';
import { REMOTE_INPUT_BASE_PORT, serveRemoteInput } from '../../game-host/index.js';
import { builtinGames, SimulationBackend } from '../../games/index.js';
import { getGame } from '../../games-manifest/index.js';
import { usage } from '../cli-error.js';

const options = {
  game: { type: 'string', default: 'last_stand' },
  port: { type: 'string' },
  host: { type: 'string', default: '127.0.0.1' },
  variant: { type: 'string' },
  seed: { type: 'string', default: '1' },
  'no-welcome': { type: 'boolean', default: false },
  paused: { type: 'boolean', default: false },
  'first-line-timeout': { type: 'string' },
  quiet: { type: 'boolean', default: false },
} as const;

function intFlag(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw usage(`--${flag} takes a whole number from ${min} to ${max} (got '${value}')`);
  return n;
}

export async function remoteInputServeCommand(argv: string[]): Promise<number> {
  const { values } = parseArgs({ args: argv, options, allowPositionals: false, strict: true });
  const def = builtinGames.find((g) => g.id === values.game);
  if (!def) throw new ArenaError(ErrorCode.UNKNOWN_GAME, `no reference game '${values.game}'; games: ${builtinGames.map((g) => g.id).join(', ')}`);
  const entry = getGame(def.id);
  const port = intFlag(values.port, 'port', 0, 65535) ?? REMOTE_INPUT_BASE_PORT;
  const seed = intFlag(values.seed, 'seed', 0, 2 ** 32 - 1) ?? 1;
  const firstLineTimeoutMs = intFlag(values['first-line-timeout'], 'first-line-timeout', 1, 3_600_000);
  const log = values.quiet ? undefined : (line: string): void => void process.stderr.write(`remote-input: ${line}\n`);
  const server = await serveRemoteInput(new SimulationBackend(def), {
    host: values.host,
    port,
    entry,
    seed,
    welcome: !values['no-welcome'],
    paused: values.paused,
    ...(firstLineTimeoutMs === undefined ? {} : { firstLineTimeoutMs }),
    ...(values.variant === undefined ? {} : { variant: values.variant }),
    ...(log ? { log } : {}),
  });
  const variant = server.world.variant;
  if (!values.quiet) {
    process.stderr.write(`serving ${entry.id} (${variant}, seed ${seed}) over RemoteInput; ${values.paused ? 'frozen (slomo 0)' : 'running'}\n`);
    server.ports.forEach((p, i) => process.stderr.write(`  player ${i + 1}: ${values.host}:${p}\n`));
    process.stderr.write('Ctrl-C stops it.\n');
  }
  process.stdout.write(`${READY_PREFIX}${JSON.stringify({ game: entry.id, port: server.ports[0], ports: server.ports, pid: process.pid })}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await server.close();
  return 0;
}
