/** The `--listen HOST:PORT` flag of the commands that seat remote agents (`arena match`, `arena bridge`). */
import { usage } from '../../protocol/index.js';

/** `--listen HOST:PORT` for remote agents (default 127.0.0.1 on any free port). */
export function parseListen(text: string | undefined): { host: string; port: number } {
  if (text === undefined) return { host: '127.0.0.1', port: 0 };
  const at = text.lastIndexOf(':');
  const host = at > 0 ? text.slice(0, at) : '127.0.0.1';
  const port = Number(at >= 0 ? text.slice(at + 1) : text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw usage(`--listen takes HOST:PORT or PORT (got '${text}')`);
  return { host, port };
}
