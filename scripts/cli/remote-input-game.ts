/**
 * A reference game served over RemoteInput, as `arena remote-input-serve` and `arena serve --remote-input` run it: serves a reference game over the OmniGameArena RemoteInput TCP protocol, one
 * port per player (player 1 on --port, player 2 on --port + 1), so Python harnesses written for the UE5
 * builds can drive our games. Prints a ready line (`ARENA_READY {"ports":[...]}`) on stdout, then runs until
 * SIGINT or SIGTERM.
 */
import { ArenaError, ErrorCode, GamepadAxis, gamepadAxis, READY_PREFIX, type InputEvent } from '../../protocol/index.js';
import { launchDelay, REMOTE_INPUT_BASE_PORT, serveRemoteInput, withMapOpenDelay } from '../../game-host/index.js';
import { builtinGames, SimulationBackend } from '../../games/index.js';
import { getGame, type GameEntry } from '../../games-manifest/index.js';
import { usage } from '../cli-error.js';
import { intFlag, parseFlags, type FlagTable } from './flags.js';

/** The flags of the RemoteInput server; `arena serve --remote-input PORT` takes the same ones but --port. */
export const remoteInputServeOptions = {
  game: { type: 'string', arg: 'ID', default: 'last_stand', description: 'a reference game from arena games' },
  port: { type: 'string', kind: 'integer', arg: 'PORT', defaultText: String(REMOTE_INPUT_BASE_PORT), description: "player 1's TCP port (player 2 on PORT + 1); 0 picks free ports" },
  host: { type: 'string', arg: 'HOST', default: '127.0.0.1', description: 'the address to listen on' },
  variant: { type: 'string', arg: 'ID', defaultText: "the game's first", description: 'a variant of that game' },
  seed: { type: 'string', kind: 'integer', arg: 'S', default: '1', description: "the episode's seed" },
  'no-welcome': { type: 'boolean', description: 'send no welcome line on connect' },
  paused: { type: 'boolean', description: 'start frozen (slomo 0)' },
  'first-line-timeout': { type: 'string', kind: 'integer', arg: 'MS', defaultText: '10000', description: 'close a connection that sends no complete line this long after it is accepted' },
  axes: { type: 'string', arg: 'LIST', description: 'gamepad axes the game takes, comma-separated (LX,LY,RX,RY,LT,RT): `axis` commands on Gamepad_LeftX... reach it' },
  'log-inputs': { type: 'boolean', description: 'print every input the game takes, with its game time, on stderr' },
  'launch-delay': { type: 'string', kind: 'integer', arg: 'MS', defaultText: '0', description: 'wait this long before serving, as a UE5 build launching (a simulated fleet, docs/fleet.md)' },
  'map-open-delay': { type: 'string', kind: 'integer', arg: 'MS', defaultText: '0', description: 'each reset onto another map waits this long first, as a build opening a level' },
  quiet: { type: 'boolean', description: 'no log on stderr' },
} as const satisfies FlagTable;

/** The entry with the gamepad axes `--axes` names added to its control set (last_stand walks on LX and LY; other games ignore axes). */
function withAxes(entry: GameEntry, list: string | undefined): GameEntry {
  if (list === undefined) return entry;
  const axes = list.split(',').map((a) => a.trim()).filter((a) => a.length > 0);
  const bad = axes.find((a) => gamepadAxis(a) === undefined);
  if (bad !== undefined || axes.length === 0) throw usage(`--axes takes gamepad axes from ${GamepadAxis.options.join(', ')} (got '${bad ?? list}')`);
  return { ...entry, controls: { ...entry.controls, axes: GamepadAxis.options.filter((a) => axes.some((x) => gamepadAxis(x) === a)) } };
}

export async function remoteInputServeCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('remote-input-serve', remoteInputServeOptions, argv);
  const def = builtinGames.find((g) => g.id === values.game);
  if (!def) throw new ArenaError(ErrorCode.UNKNOWN_GAME, `no reference game '${values.game}'; games: ${builtinGames.map((g) => g.id).join(', ')}`);
  const entry = withAxes(getGame(def.id), values.axes);
  const port = intFlag(values.port, 'port', 0, 65535) ?? REMOTE_INPUT_BASE_PORT;
  const seed = intFlag(values.seed, 'seed', 0, 2 ** 32 - 1) ?? 1;
  const firstLineTimeoutMs = intFlag(values['first-line-timeout'], 'first-line-timeout', 1, 3_600_000);
  const log = values.quiet ? undefined : (line: string): void => void process.stderr.write(`remote-input: ${line}\n`);
  const mapOpenMs = intFlag(values['map-open-delay'], 'map-open-delay', 0, 3_600_000) ?? 0;
  await launchDelay(intFlag(values['launch-delay'], 'launch-delay', 0, 3_600_000) ?? 0);
  const server = await serveRemoteInput(withMapOpenDelay(new SimulationBackend(def), mapOpenMs), {
    host: values.host,
    port,
    entry,
    seed,
    welcome: !values['no-welcome'],
    paused: values.paused,
    ...(firstLineTimeoutMs === undefined ? {} : { firstLineTimeoutMs }),
    ...(values.variant === undefined ? {} : { variant: values.variant }),
    ...(log ? { log } : {}),
    ...(values['log-inputs'] ? { onInput: (input: InputEvent, simMs: number) => void process.stderr.write(`input ${JSON.stringify({ simMs, ...input })}\n`) } : {}),
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

