import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { entryAt, genericEntry, getGame, listGames, parseEnvironment, ue5Maps } from '../games-manifest/index.js';
import { hasCode } from '../protocol/index.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill('SIGTERM');
});

function arena(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['bin/arena.js', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** Starts `arena serve --remote-input 0` for a game and resolves with its first player's port. */
function serveRemoteInput(game: string): Promise<number> {
  const child = spawn(process.execPath, ['bin/arena.js', 'serve', '--remote-input', '0', '--game', game, '--quiet'], { stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('ARENA_READY ')) resolve((JSON.parse(line.slice(12)) as { port: number }).port);
    });
    child.once('exit', (code) => reject(new Error(`serve exited ${code}`)));
  });
}

describe('environments', () => {
  it('parses RemoteInput and GameLink addresses and refuses others with BAD_CONFIG', () => {
    expect(parseEnvironment('remote-input://10.1.2.3:12345')).toEqual({ kind: 'remote-input', host: '10.1.2.3', port: 12345 });
    expect(parseEnvironment('remote-input://gpu-box')).toEqual({ kind: 'remote-input', host: 'gpu-box', port: 12345 });
    expect(parseEnvironment('ws://127.0.0.1:9000')).toEqual({ kind: 'gamelink', url: 'ws://127.0.0.1:9000/' });
    for (const bad of ['http://x:1', 'gpu-box:12345', 'remote-input://:99999']) {
      expect(hasCode((() => { try { parseEnvironment(bad); } catch (e) { return e; } return undefined; })(), 'BAD_CONFIG'), bad).toBe(true);
    }
  });

  it('names a UE5 map for every variant of every benchmark game', () => {
    // The turn-based boards (docs/boards.md) are not games of the UE5 benchmark.
    const benchmark = listGames().filter((g) => g.launch.kind === 'builtin' && g.regime !== 'turn-based');
    expect(benchmark).toHaveLength(12);
    for (const g of benchmark) expect(Object.keys(ue5Maps(g.id)).sort(), g.id).toEqual(g.variants.map((v) => v.id).sort());
    expect(ue5Maps('last_stand').origin).toBe('/Game/Maps/LastStand');
  });

  it('keeps the rules, controls and prompt of a game moved to a RemoteInput build', () => {
    const entry = entryAt(getGame('sky_duel'), { kind: 'remote-input', host: 'gpu', port: 23456 });
    expect(entry.controls).toEqual(getGame('sky_duel').controls);
    expect(entry.launch).toMatchObject({ kind: 'remote-input', host: 'gpu', basePort: 23456, maps: { origin: '/Game/Maps/SkyDuel', small: '/Game/Maps/SkyDuel_Small' } });
  });

  it('gives an unknown build a generic control set', () => {
    const entry = genericEntry({ kind: 'remote-input', host: 'gpu', port: 1 });
    expect(entry.controls.keys).toContain('W');
    expect(entry.controls.mouseAxes).toEqual(['x', 'y']);
  });
});

describe('arena match --env and --game URL', () => {
  it('plays last_stand on a RemoteInput build with --env', async () => {
    const runs = tempRunsDir();
    try {
      const port = await serveRemoteInput('last_stand');
      const r = await arena(['match', '--game', 'last_stand', '--env', `remote-input://127.0.0.1:${port}`, '--agent', 'random', '--steps', '3', '--obs-delay', '200', '--runs-dir', runs.dir, '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      const run = readRun(r.stdout.trim().split(' | ').pop()!);
      expect(run.meta.status).toBe('complete');
      expect(run.decisions).toHaveLength(3);
    } finally {
      runs.cleanup();
    }
  });

  it('plays an unknown build named only by its address', async () => {
    const runs = tempRunsDir();
    try {
      const port = await serveRemoteInput('last_stand');
      const r = await arena(['match', '--game', `remote-input://127.0.0.1:${port}`, '--agent', 'random', '--steps', '2', '--obs-delay', '200', '--runs-dir', runs.dir, '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toMatch(/^unknown_build\/origin/);
    } finally {
      runs.cleanup();
    }
  });

  it('refuses a build address in both --game and --env', async () => {
    const r = await arena(['match', '--game', 'remote-input://a:1', '--env', 'remote-input://b:2', '--quiet']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('BAD_CONFIG');
  });
});
