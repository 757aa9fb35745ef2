/**
 * `arena bridge`: a game on this machine (a reference game, a UE5 build behind RemoteInput, a desktop game)
 * as a GameLink endpoint that a gateway elsewhere drives: listening (`--listen`, wss with `--tls-cert`), or
 * dialling out to `arena serve`'s bridge endpoint (`--dial`). A token in the hello, one controlling gateway at
 * a time, and a dropped gateway's session kept paused for `--grace` ms. See docs/bridge.md.
 */
import { readFileSync } from 'node:fs';
import { ArenaError, ErrorCode, READY_PREFIX, parseConfig, parseJsonText } from '../../protocol/index.js';
import { DesktopBackend, RemoteInputBackend, dialBackend, driverOptions, launchDelay, serveBackend, withMapOpenDelay, type GameBackend } from '../../game-host/index.js';
import { builtinGames, SimulationBackend } from '../../games/index.js';
import { RemoteInputRecipe, entryAt, genericEntry, getGame, parseEnvironment, type GameEntry } from '../../games-manifest/index.js';
import { readTokenFile } from '../../env-bridge/index.js';
import { isLoopback } from '../../serve/index.js';
import { usage } from '../cli-error.js';
import { intFlag, parseFlags, type CommandSpec, type FlagTable, type FlagValues } from '../cli/flags.js';
import { profileEntry } from '../../plans/index.js';
import { parseListen } from '../../plans/index.js';

/** `arena bridge`'s flags. */
export const bridgeOptions = {
  game: { type: 'string', arg: 'ID', description: 'a reference game to serve; with --remote-input, the manifest entry of the build (default: a generic one)' },
  'remote-input': { type: 'string', arg: 'HOST:PORT', description: "a UE5 build's RemoteInput address (player 1's port)" },
  recipe: { type: 'string', arg: 'FILE', description: 'with --remote-input: a RemoteInput recipe (JSON, as arena import writes recipes/<game>.json)' },
  profile: { type: 'string', arg: 'default|omnigamearena', defaultText: 'default', description: "with --remote-input: the build's recipe by the benchmark runner's rules (docs/omnigamearena.md)" },
  maps: { type: 'string', arg: 'FILE', description: "with --profile omnigamearena: the builds' maps config" },
  desktop: { type: 'string', arg: 'ID', description: 'a desktop game of the manifest, under its own display (docs/desktop.md)' },
  listen: { type: 'string', arg: 'HOST:PORT', defaultText: '127.0.0.1:0', description: 'where gateways connect; any non-loopback address needs --token-file' },
  dial: { type: 'string', arg: 'URL', description: "instead of listening: connect out to arena serve's bridge endpoint, ws[s]://HOST:PORT/bridges/NAME/dial" },
  'token-file': { type: 'string', arg: 'FILE', description: "the token a gateway's hello must carry (first line, at least 16 characters); with --dial also the service's token" },
  'tls-cert': { type: 'string', arg: 'FILE', description: 'serve wss:// with this PEM certificate (with --tls-key)' },
  'tls-key': { type: 'string', arg: 'FILE', description: "the certificate's PEM private key" },
  grace: { type: 'string', kind: 'integer', arg: 'MS', default: '30000', description: "how long a dropped gateway's session waits for it, paused" },
  quiet: { type: 'boolean', description: 'no log on stderr' },
  'launch-delay': { type: 'string', kind: 'integer', arg: 'MS', defaultText: '0', description: 'wait this long before serving, as a UE5 build launching (a simulated fleet, docs/fleet.md)' },
  'map-open-delay': { type: 'string', kind: 'integer', arg: 'MS', defaultText: '0', description: 'each reset onto another map waits this long first, as a build opening a level' },
} as const satisfies FlagTable;

type BridgeFlags = FlagValues<typeof bridgeOptions>;

/** The game to serve, as a backend and its manifest entry. */
async function backendOf(flags: BridgeFlags, log: (line: string) => void): Promise<{ backend: GameBackend; entry: GameEntry }> {
  const kinds = [flags.game !== undefined && flags['remote-input'] === undefined, flags['remote-input'] !== undefined, flags.desktop !== undefined].filter(Boolean).length;
  if (kinds !== 1) throw usage('give exactly one game: --game ID, --remote-input HOST:PORT [--game ID] or --desktop ID');
  if (flags.profile !== undefined && flags.profile !== 'default' && flags.profile !== 'omnigamearena') throw usage(`--profile is default or omnigamearena (got '${flags.profile}')`);
  if (flags['remote-input'] === undefined && (flags.recipe !== undefined || flags.profile !== undefined || flags.maps !== undefined)) throw usage('--recipe, --profile and --maps go with --remote-input');
  if (flags['remote-input'] !== undefined) {
    const env = parseEnvironment(`remote-input://${flags['remote-input']}`);
    if (env.kind !== 'remote-input') throw usage(`--remote-input takes HOST:PORT (got '${flags['remote-input']}')`);
    const base = flags.game === undefined ? genericEntry(env) : getGame(flags.game);
    let entry = flags.profile === 'omnigamearena' ? profileEntry(base, { env: `remote-input://${flags['remote-input']}`, maps: flags.maps }) : entryAt(base, env);
    if (flags.recipe !== undefined) {
      const recipe = parseConfig(readJson(flags.recipe, 'recipe'), RemoteInputRecipe, `${flags.recipe} is not a RemoteInput recipe`);
      entry = { ...entry, launch: { ...recipe, host: env.host, basePort: env.port } };
    }
    if (entry.launch.kind !== 'remote-input') throw new ArenaError(ErrorCode.INTERNAL, 'no RemoteInput recipe');
    return { backend: await RemoteInputBackend.connect(entry, driverOptions(entry, entry.launch)), entry };
  }
  if (flags.desktop !== undefined) {
    const entry = getGame(flags.desktop);
    const backend: DesktopBackend = await DesktopBackend.create(entry, {
      onDeath: (err) => {
        log(`${err.code}: ${err.message}`);
        void backend.close().finally(() => process.exit(3));
      },
    });
    return { backend, entry };
  }
  const def = builtinGames.find((g) => g.id === flags.game);
  if (!def) throw new ArenaError(ErrorCode.UNKNOWN_GAME, `no reference game '${flags.game}'; games: ${builtinGames.map((g) => g.id).join(', ')} (desktop games: --desktop ID)`);
  return { backend: new SimulationBackend(def), entry: getGame(def.id) };
}

/** A file a flag names, BAD_CONFIG when it cannot be read. */
function readFlagFile(path: string, flag: string): Buffer {
  try {
    return readFileSync(path);
  } catch (err) {
    throw usage(`--${flag} ${path}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function readJson(path: string, flag: string): unknown {
  return parseJsonText(readFlagFile(path, flag).toString('utf8'), `--${flag} ${path}`);
}

export async function bridgeCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('bridge', bridgeOptions, argv);
  const log = values.quiet ? (): void => undefined : (line: string): void => void process.stderr.write(`bridge: ${line}\n`);
  const graceMs = intFlag(values.grace, 'grace', 1, 3_600_000)!;
  const token = values['token-file'] === undefined ? undefined : readTokenFile(values['token-file']);
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) throw usage('--tls-cert and --tls-key go together');
  if (values.dial !== undefined && (values.listen !== undefined || values['tls-cert'] !== undefined)) throw usage('--dial connects out: it takes no --listen, --tls-cert or --tls-key');
  const listen = parseListen(values.listen);
  if (values.dial === undefined && !isLoopback(listen.host) && token === undefined) throw usage(`listening on ${listen.host} needs --token-file FILE: anyone who reaches the port would control the game`);
  if (values.dial !== undefined && token === undefined) throw usage('--dial needs --token-file FILE (the service token)');
  // Every file is read before the game starts, so a bad one leaves nothing running.
  const tls = values['tls-cert'] === undefined ? undefined : { cert: readFlagFile(values['tls-cert'], 'tls-cert'), key: readFlagFile(values['tls-key']!, 'tls-key') };
  const mapOpenMs = intFlag(values['map-open-delay'], 'map-open-delay', 0, 3_600_000) ?? 0;
  const launchMs = intFlag(values['launch-delay'], 'launch-delay', 0, 3_600_000) ?? 0;
  const { backend: own, entry } = await backendOf(values, log);
  await launchDelay(launchMs);
  const backend = withMapOpenDelay(own, mapOpenMs);
  const seat = { graceMs, log, ...(token === undefined ? {} : { token }) };
  let close: () => Promise<void>;
  if (values.dial !== undefined) {
    const dialed = dialBackend(backend, values.dial, { ...seat, entry, dialToken: token! });
    close = () => dialed.close();
    await dialed.connected;
    process.stdout.write(`${READY_PREFIX}${JSON.stringify({ game: entry.id, dial: values.dial, pid: process.pid })}\n`);
    log(`serving ${entry.id} through ${values.dial}`);
  } else {
    const server = await serveBackend(backend, { ...seat, entry, host: listen.host, port: listen.port, ...(tls ? { tls } : {}) });
    close = () => server.close();
    const shown = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
    const url = `${tls ? 'wss' : 'ws'}://${shown}:${server.port}`;
    process.stdout.write(`${READY_PREFIX}${JSON.stringify({ game: entry.id, url, port: server.port, pid: process.pid })}\n`);
    log(`serving ${entry.id} at ${url}${token ? ' (token required)' : ''}; a dropped gateway's session waits ${graceMs} ms. Ctrl-C stops it.`);
  }
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await close();
  return 0;
}

/** `arena bridge` in the command table. */
export const bridgeCli: CommandSpec = {
  flags: bridgeOptions,
  examples: [
    'arena bridge --game last_stand',
    'arena bridge --game sky_duel --listen 0.0.0.0:7700 --token-file bridge.token --tls-cert cert.pem --tls-key key.pem',
    'arena bridge --remote-input 127.0.0.1:12345 --game last_stand --profile omnigamearena --listen 0.0.0.0:7700 --token-file bridge.token',
    'arena bridge --game last_stand --dial wss://gateway.example:8080/bridges/gpu1/dial --token-file service.token',
  ],
  notes: [
    'Prints ARENA_READY {"game":...,"url":"ws://HOST:PORT","port":N,"pid":N} on stdout when listening ({"dial":URL} once the first dial got through), then runs until Ctrl-C or SIGTERM.',
    'The gateway plays it with arena match --env ws://HOST:PORT/?token_file=FILE (docs/bridge.md).',
  ],
  run: bridgeCommand,
};
