/**
 * What a new user trips on at the command line (issue 47): a port another program holds is their error to fix,
 * a latency the clock would ignore is refused, `arena serve` prints an address that opens, and the annotated
 * sweep spec of docs/sweeps.md is valid as written. Real processes, a real listening socket.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCode } from '../protocol/index.js';
import { runArena, startArena } from './support/arena-process.js';
import { tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
let held: Server | undefined;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(async () => {
  runs.cleanup();
  await new Promise<void>((resolve) => (held ? held.close(() => resolve()) : resolve()));
  held = undefined;
});

/** A loopback port another program holds for the test's length. */
async function busyPort(): Promise<number> {
  held = createServer();
  await new Promise<void>((resolve) => held!.listen(0, '127.0.0.1', resolve));
  return (held.address() as { port: number }).port;
}

describe('a port in use', () => {
  it('is a usage error (exit 2, BAD_CONFIG) for arena serve, not a bug in arena', async () => {
    const port = await busyPort();
    const r = await runArena(['serve', '--port', String(port), '--runs', runs.dir, '--no-web']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^arena: ${ErrorCode.BAD_CONFIG}: 127\\.0\\.0\\.1:${port} `));
  }, 30_000);

  it('is a usage error (exit 2, BAD_CONFIG) for arena match --listen', async () => {
    const port = await busyPort();
    const r = await runArena(['match', '--agent', 'remote', '--listen', `127.0.0.1:${port}`, '--steps', '2', '--runs-dir', runs.dir, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^arena: ${ErrorCode.BAD_CONFIG}: `));
  }, 30_000);
});

describe('a latency the clock does not charge', () => {
  it('is refused under pdq with BAD_CONFIG, and nothing is played', async () => {
    const r = await runArena(['match', '--latency', 'synthetic:300', '--steps', '2', '--runs-dir', runs.dir, '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(new RegExp(`^arena: ${ErrorCode.BAD_CONFIG}: --latency `));
    expect(r.stdout).toBe('');
  }, 30_000);
});

describe('arena serve on loopback', () => {
  it('prints a web address that carries the working token', async () => {
    const serve = startArena(['serve', '--port', '0', '--runs', runs.dir, '--no-web']);
    let stderr = '';
    try {
      const line = await new Promise<string>((resolve, reject) => {
        serve.child.stderr!.on('data', (d: Buffer) => {
          stderr += d.toString();
          const found = /web view: (\S+)/.exec(stderr);
          if (found) resolve(found[1]!);
        });
        void serve.exited.then((e) => reject(new Error(`serve exited ${e.code}: ${e.stderr}`)));
      });
      const url = new URL(line);
      const token = url.hash.replace(/^#token=/, '');
      expect(token).toBe(readFileSync(join(runs.dir, '.serve', 'token'), 'utf8').trim());
      const answer = await fetch(`${url.origin}/api/matches`, { headers: { authorization: `Bearer ${token}` } });
      expect(answer.status).toBe(200);
    } finally {
      serve.child.kill('SIGINT');
      await serve.exited;
    }
  }, 30_000);
});

describe('docs/sweeps.md', () => {
  it('annotates a spec that arena sweep takes as written', async () => {
    const doc = readFileSync('docs/sweeps.md', 'utf8');
    const section = doc.slice(doc.indexOf('## The spec'));
    const file = join(runs.dir, 'annotated.yaml');
    writeFileSync(file, /```yaml\n([\s\S]*?)```/.exec(section)![1]!);
    const r = await runArena(['sweep', file, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d+ cells, \d+ episodes$/m);
  }, 30_000);
});
