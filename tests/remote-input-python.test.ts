import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { READY_PREFIX } from '../protocol/index.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const python = ['/usr/bin/python3', 'python3'].find((p) => spawnSync(p, ['--version']).status === 0);
if (!python) console.warn('remote-input-python.test.ts: no python3 found (tried /usr/bin/python3, python3); skipping the Python harness test');

/** The first ```python block of docs/remote-input.md: the snippet users copy. */
function docSnippet(): string {
  const doc = readFileSync(join(ROOT, 'docs/remote-input.md'), 'utf8');
  const m = /```python\n([\s\S]*?)```/.exec(doc);
  if (!m) throw new Error('docs/remote-input.md has no python block');
  return m[1]!;
}

let server: ChildProcess | undefined;
let dir: string | undefined;
afterEach(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  server = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** Starts `arena remote-input-serve` on a free port and resolves with its ready line. */
async function serve(args: string[]): Promise<{ port: number; ports: number[] }> {
  const child = spawn(process.execPath, [join(ROOT, 'bin/arena.js'), 'remote-input-serve', '--port', '0', '--quiet', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  server = child;
  const lines = createInterface({ input: child.stdout });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`remote-input-serve exited (${code})`)));
    lines.on('line', (line) => {
      if (line.startsWith(READY_PREFIX)) resolve(JSON.parse(line.slice(READY_PREFIX.length)) as { port: number; ports: number[] });
    });
  });
}

function run(command: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('a Python harness drives our games over RemoteInput', () => {
  it.skipIf(!python)(`runs the docs' standard-library snippet against arena remote-input-serve${python ? '' : ' (skipped: no python3)'}`, async () => {
    const { port } = await serve(['--game', 'last_stand', '--seed', '1']);
    dir = mkdtempSync(join(tmpdir(), 'arena-py-'));
    const script = join(dir, 'harness.py');
    writeFileSync(script, docSnippet());
    const result = await run(python!, [script, '127.0.0.1', String(port)]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const out = JSON.parse(result.stdout) as { score: number; survival_time: number; game_over: boolean; width: number; height: number; jpeg_bytes: number };
    expect(out).toMatchObject({ game_over: false, width: 640, height: 360 });
    expect(out.jpeg_bytes).toBeGreaterThan(1000);
    // Half a second of wall time resumed: about 0.5 s of game time (last_stand scores seconds survived).
    expect(out.survival_time).toBeGreaterThan(0.4);
    expect(out.survival_time).toBeLessThan(1.0);
    expect(out.score).toBeCloseTo(out.survival_time, 6);
  });

  it('refuses a game it does not have with UNKNOWN_GAME', async () => {
    const result = await run(process.execPath, [join(ROOT, 'bin/arena.js'), 'remote-input-serve', '--game', 'no_such_game', '--port', '0']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^arena: UNKNOWN_GAME: /);
  });
});
