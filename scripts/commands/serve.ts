/**
 * `arena serve`: the gateway as a long-running service: an HTTP JSON API to create, list, inspect and cancel
 * matches, tournaments and curves, AgentLink for remote agents and a live web view, all on one port (see
 * docs/serve.md). `arena serve --remote-input PORT` instead serves a reference game over the UE5 RemoteInput
 * protocol (the same as `arena remote-input-serve --port PORT`).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ArenaService, isLoopback } from '../../serve/index.js';
import { usage } from '../cli-error.js';
import { serveKinds } from '../serve/job-kinds.js';
import { ensureWebBundle } from '../serve/web-bundle.js';
import { remoteInputServeCommand } from './remote-input-serve.js';

const HELP = `arena serve: the gateway as a service (docs/serve.md)

usage: arena serve [--host 127.0.0.1] [--port 8080] [--token-file FILE] [--runs DIR]
       arena serve --remote-input PORT [remote-input-serve options]

  --host HOST        bind address (default 127.0.0.1); any non-loopback address needs --token-file
  --port PORT        port for the API, AgentLink (/agent), spectator streams and the web app (default 8080; 0 = any free)
  --token-file FILE  the main token (first line, at least 16 characters); default: a new one in DIR/.serve/token
  --runs DIR         match runs and the service's state (default runs)
  --no-web           do not build or serve the web app
  --remote-input P   serve a reference game over UE5 RemoteInput instead (docs/remote-input.md)

Prints 'arena serve: listening URL' on stdout once ready; stops on SIGINT or SIGTERM, marking running jobs interrupted.
`;

const options = {
  host: { type: 'string', default: '127.0.0.1' },
  port: { type: 'string', default: '8080' },
  'token-file': { type: 'string' },
  runs: { type: 'string', default: 'runs' },
  'no-web': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

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
  const at = argv.indexOf('--remote-input');
  if (at >= 0) {
    const port = argv[at + 1];
    if (port === undefined || port.startsWith('--')) throw usage('--remote-input takes a port, e.g. --remote-input 12345');
    return remoteInputServeCommand([...argv.slice(0, at), '--port', port, ...argv.slice(at + 2)]);
  }
  const { values } = parseArgs({ args: argv, options, allowPositionals: false, strict: true });
  if (values.help) {
    process.stdout.write(HELP);
    return 0;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usage(`--port takes 0-65535 (got '${values.port}')`);
  const { token, where } = mainToken(values['token-file'], values.host, values.runs);
  const log = (line: string): void => void process.stderr.write(`arena serve: ${line}\n`);
  const webDir = values['no-web'] ? undefined : await ensureWebBundle(log);
  const service = await ArenaService.start({ host: values.host, port, token, runsDir: values.runs, kinds: serveKinds(), log, ...(webDir ? { webDir } : {}) });
  log(`token in ${where}; web view: ${service.url}/#token=<token>`);
  process.stdout.write(`arena serve: listening ${service.url}\n`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  log('stopping: running jobs are marked interrupted');
  await service.close();
  return 0;
}
