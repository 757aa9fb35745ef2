/**
 * `arena serve`: serves games to clients that are not the gateway. `--remote-input PORT` serves a reference
 * game over the UE5 RemoteInput protocol (the same as `arena remote-input-serve --port PORT`), so a
 * harness written for the benchmark's UE5 builds drives our games unchanged.
 */
import { usage } from '../cli-error.js';
import { remoteInputServeCommand } from './remote-input-serve.js';

export async function serveCommand(argv: string[]): Promise<number> {
  const at = argv.indexOf('--remote-input');
  if (at < 0) throw usage('arena serve needs --remote-input PORT (see docs/remote-input.md)');
  const port = argv[at + 1];
  if (port === undefined || port.startsWith('--')) throw usage('--remote-input takes a port, e.g. --remote-input 12345');
  return remoteInputServeCommand([...argv.slice(0, at), '--port', port, ...argv.slice(at + 2)]);
}
