/**
 * `arena serve`: the gateway as a long-running service: an HTTP JSON API to create, list, inspect and cancel
 * matches, tournaments and curves, AgentLink for remote agents and a live web view, all on one port (see
 * docs/serve.md). `arena serve --remote-input PORT` instead serves a reference game over the UE5 RemoteInput
 * protocol (the same as `arena remote-input-serve --port PORT`), so a harness written for the benchmark's UE5
 * builds drives our games unchanged.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ArenaService, isLoopback } from '../../serve/index.js';
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { serveKinds } from '../../plans/index.js';
import { ensureWebBundle } from '../serve/web-bundle.js';
import { remoteInputServeCommand, remoteInputServeOptions } from '../cli/remote-input-game.js';

const { port: _port, host: _host, ...gameFlags } = remoteInputServeOptions;

/** The service's own flags (refused with --remote-input). */
const serviceFlags = {
  port: { type: 'string', kind: 'integer', arg: 'PORT', default: '8080', description: 'port for the API, AgentLink (/agent), spectator streams and the web app; 0 = any free' },
  'token-file': { type: 'string', arg: 'FILE', defaultText: 'a new one in DIR/.serve/token', description: 'the main token (first line, at least 16 characters)' },
  runs: { type: 'string', arg: 'DIR', default: 'runs', description: "match runs and the service's state" },
  'no-web': { type: 'boolean', description: 'do not build or serve the web app' },
} as const satisfies FlagTable;

/** `arena serve`'s flags: the service's, then `--remote-input` and the flags of the game it serves. */
export const serveOptions = {
  host: { type: 'string', arg: 'HOST', default: '127.0.0.1', description: 'bind address; any non-loopback address needs --token-file (with --remote-input: where the game listens)' },
  ...serviceFlags,
  'remote-input': { type: 'string', kind: 'integer', arg: 'PORT', description: 'instead of the service: a reference game over the UE5 RemoteInput protocol, player 1 on PORT (docs/remote-input.md)' },
  ...gameFlags,
} as const satisfies FlagTable;

/** The main token: from --token-file, or (loopback only) the stored or a new one in the runs directory. */
function mainToken(file: string | undefined, host: string, runsDir: string): { token: string; where: string } {
  if (file !== undefined) {
    if (!existsSync(file)) throw usage(`--token-file ${file} does not exist`);
    const token = readFileSync(file, 'utf8').split('\n')[0]!.trim();
    if (token.length < 16) throw usage(`--token-file ${file}: the token must have at least 16 characters`);
    return { token, where: file };
  }
  if (!isLoopback(host)) throw usage(`binding ${host} needs --token-file FILE: only loopback binds may use a generated token`);
  const stored = join(runsDir, '.serve', 'token');
  if (existsSync(stored)) return { token: readFileSync(stored, 'utf8').trim(), where: stored };
  mkdirSync(join(runsDir, '.serve'), { recursive: true });
  const token = randomBytes(24).toString('base64url');
  writeFileSync(stored, `${token}\n`, { mode: 0o600 });
  chmodSync(stored, 0o600);
  return { token, where: stored };
}

/** `arena serve`: the service, or with `--remote-input` a reference game over RemoteInput. */
export async function serveCommand(argv: string[]): Promise<number> {
  const { values, given } = parseFlags('serve', serveOptions, argv);
  const remoteInput = values['remote-input'];
  if (remoteInput !== undefined) {
    const own = Object.keys(serviceFlags).find((f) => given.has(f));
    if (own !== undefined) throw usage(`--${own} is a flag of the service, not of --remote-input (see arena serve --help)`);
    const at = argv.findIndex((a) => a === '--remote-input' || a.startsWith('--remote-input='));
    return remoteInputServeCommand([...argv.slice(0, at), ...argv.slice(at + (argv[at]!.includes('=') ? 1 : 2)), '--port', remoteInput]);
  }
  const game = Object.keys(gameFlags).find((f) => given.has(f));
  if (game !== undefined) throw usage(`--${game} goes with --remote-input PORT (the service takes no game; see arena serve --help)`);
  const port = Number(values.port);
  if (port > 65535) throw usage(`--port takes 0-65535 (got '${values.port}')`);
  const { token, where } = mainToken(values['token-file'], values.host, values.runs);
  const log = (line: string): void => void process.stderr.write(`arena serve: ${line}\n`);
  const webDir = values['no-web'] ? undefined : await ensureWebBundle(log);
  const service = await ArenaService.start({ host: values.host, port, token, runsDir: values.runs, kinds: serveKinds(), log, ...(webDir ? { webDir } : {}) });
  // A working address to open on this machine; a service bound beyond it keeps its token out of logs others may read.
  log(isLoopback(values.host) ? `web view: ${service.url}/#token=${token} (token in ${where})` : `web view: ${service.url}/#token=TOKEN, TOKEN being the first line of ${where}`);
  process.stdout.write(`arena serve: listening ${service.url}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log('stopping: running jobs are marked interrupted');
  await service.close();
  return 0;
}

/** `arena serve` in the command table. */
export const serveCli: CommandSpec = {
  flags: serveOptions,
  examples: [
    'arena serve --port 8080 --runs runs',
    'arena serve --host 0.0.0.0 --port 8080 --token-file /etc/arena/token',
    'arena serve --remote-input 12345 --game last_stand',
    'arena serve --remote-input 0 --game sky_duel --paused --quiet',
  ],
  notes: [
    "Prints 'arena serve: listening URL' on stdout once ready; stops on SIGINT or SIGTERM, marking running jobs",
    'interrupted. With --remote-input PORT it serves a game instead (the same as arena remote-input-serve --port PORT).',
  ],
  run: serveCommand,
};
