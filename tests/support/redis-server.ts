/** A real redis-server for a test: a free loopback port, a temp dir, no persistence; stopped in teardown. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A running redis-server. */
export interface TestRedis {
  readonly url: string;
  readonly port: number;
  readonly child: ChildProcess;
  /** Stops it (SIGKILL when `hard`) and waits for the exit. */
  stop(hard?: boolean): Promise<void>;
  /** Restarts it on the same port with the data it held (SHUTDOWN SAVE, then a new server reading that dump). */
  restart(): Promise<void>;
}

/** Why Redis tests cannot run here, or undefined. */
export function redisMissing(): string | undefined {
  return spawnSync('redis-server', ['--version']).status === 0 ? undefined : 'redis-server is not installed (Debian package redis-server)';
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A redis-server on `port` with its files in `dir`, resolved once it accepts connections, with its exit. */
async function serve(port: number, dir: string): Promise<{ child: ChildProcess; exited: Promise<void> }> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      if (out.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return { child, exited };
}

/** Starts redis-server and resolves once it accepts connections. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'arena-redis-'));
  let server = await serve(port, dir);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get child() {
      return server.child;
    },
    stop: async (hard = false) => {
      const { child, exited } = server;
      if (child.exitCode === null && child.signalCode === null) child.kill(hard ? 'SIGKILL' : 'SIGTERM');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
    restart: async () => {
      const shut = spawnSync('redis-cli', ['-p', String(port), 'shutdown', 'save']);
      if (shut.error) throw shut.error;
      await server.exited;
      server = await serve(port, dir);
    },
  };
}
