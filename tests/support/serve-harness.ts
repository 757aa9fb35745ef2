/**
 * An `arena serve` service for tests: in this process (the real HTTP server on 127.0.0.1 port 0 with the real
 * job kinds) or as a child process, a temp runs directory, the main token, and a small API client.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { vi } from 'vitest';
import { WebSocket } from 'ws';
import { ArenaService } from '../../serve/index.js';
import { serveKinds } from '../../plans/index.js';
import { startArena, type ArenaProcess } from './arena-process.js';
import { startFakeProvider, type FakeProvider } from './fake-provider.js';
import { tempRunsDir } from './run-dir.js';

/** A reply of the API: status and JSON body. */
export interface Reply<T = Record<string, unknown>> {
  readonly status: number;
  readonly body: T;
}

/** A client of one service's API with a given token (undefined: none). */
export function client(url: string, token: string | undefined) {
  const call = async <T = Record<string, unknown>>(method: string, path: string, body?: unknown, as: string | undefined = token): Promise<Reply<T>> => {
    const res = await fetch(`${url}${path}`, { method, headers: { ...(as === undefined ? {} : { authorization: `Bearer ${as}` }), 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, body: (await res.json()) as T };
  };
  return {
    call,
    get: <T = Record<string, unknown>>(path: string, as?: string) => call<T>('GET', path, undefined, as ?? token),
    post: <T = Record<string, unknown>>(path: string, body?: unknown, as?: string) => call<T>('POST', path, body ?? {}, as ?? token),
    /** Waits until a job has left `running`; returns it. */
    async settled(plural: string, id: string, timeout = 60_000): Promise<Record<string, unknown>> {
      return vi.waitFor(
        async () => {
          const r = await call('GET', `/api/${plural}/${id}`);
          if (r.body.status === 'running') throw new Error(`${id} still running`);
          return r.body;
        },
        { timeout, interval: 100 },
      );
    },
  };
}

/** A service running in this process. */
export interface TestService {
  readonly service: ArenaService;
  readonly url: string;
  readonly token: string;
  readonly runsDir: string;
  readonly api: ReturnType<typeof client>;
  close(): Promise<void>;
}

export async function startTestService(options: { webDir?: string } = {}): Promise<TestService> {
  const runs = tempRunsDir();
  const token = randomBytes(18).toString('base64url');
  const service = await ArenaService.start({ port: 0, token, runsDir: runs.dir, kinds: serveKinds(), log: () => undefined, ...options });
  return {
    service,
    url: service.url,
    token,
    runsDir: runs.dir,
    api: client(service.url, token),
    async close() {
      await service.close();
      runs.cleanup();
    },
  };
}

/** A service and a fake model provider for a test file's tests, and one call that closes both. */
export async function startServiceWithProvider(): Promise<{ svc: TestService; provider: FakeProvider; close: () => Promise<void> }> {
  const svc = await startTestService();
  const provider = await startFakeProvider();
  return { svc, provider, close: async () => void (await Promise.all([svc.close(), provider.close()])) };
}

/** `arena serve` as a child process on a free port, ready once it printed its URL. */
export async function startServeProcess(runsDir: string, tokenFile?: string): Promise<{ proc: ArenaProcess; url: string; token: string }> {
  const file = tokenFile ?? join(runsDir, 'test-token');
  let token: string;
  try {
    token = readFileSync(file, 'utf8').trim();
  } catch {
    token = randomBytes(18).toString('base64url');
    writeFileSync(file, `${token}\n`);
  }
  const proc = startArena(['serve', '--port', '0', '--runs', runsDir, '--token-file', file, '--no-web']);
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    proc.child.stdout!.on('data', (d: Buffer) => {
      out += d.toString('utf8');
      const m = /listening (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    });
    void proc.exited.then((e) => reject(new Error(`arena serve exited ${e.code}: ${e.stderr}`)));
  });
  return { proc, url, token };
}

/** A spectator stream client: collects text messages and counts frames. */
export function spectator(url: string, path: string, query: Record<string, string>) {
  const q = new URLSearchParams(query);
  const ws = new WebSocket(`${url.replace('http', 'ws')}${path}?${q.toString()}`);
  const messages: Record<string, unknown>[] = [];
  const frames: { slot: number; seq: number; capturedAt: number; receivedAt: number; bytes: number }[] = [];
  ws.on('message', (data: Buffer, isBinary: boolean) => {
    if (!isBinary) {
      messages.push(JSON.parse(data.toString('utf8')) as Record<string, unknown>);
      return;
    }
    const len = data.readUInt32BE(0);
    const header = JSON.parse(data.subarray(4, 4 + len).toString('utf8')) as { slot: number; seq: number; capturedAt: number };
    frames.push({ ...header, receivedAt: Date.now(), bytes: data.length - 4 - len });
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })));
  ws.on('error', () => undefined);
  return { ws, messages, frames, closed };
}
