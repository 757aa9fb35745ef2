/**
 * The compiled command line (bin/build.js, bin/code.js), in a copy of the project so that editing a source
 * here never touches the tree the other tests run: `arena` and the game processes it starts run dist/ when it
 * is fresh, the sources through tsx as soon as one is newer (never a stale build), and the small commands load
 * no heavy package. A module-loading hook (NODE_OPTIONS, so children have it too) logs every module loaded.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Packages loaded from node_modules (zod and msgpack are bundled into dist/, so they never show here); tsx would mean the sources ran.
const HEAVY = ['sharp', 'bullmq', 'better-sqlite3', 'openai', 'ioredis', 'ws', 'tsx', 'rxjs', 'x11', 'yaml', '@nut-tree-fork/nut-js'];
let root = '';
let log = '';

function arena(args: string[], env: Readonly<Record<string, string>> = {}): { stdout: string; loaded: string[] } {
  writeFileSync(log, '');
  const hook = pathToFileURL(join(root, 'trace-register.mjs')).href;
  const r = spawnSync(process.execPath, ['bin/arena.js', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env, NODE_OPTIONS: `--import=${hook}`, TRACE_LOG: log } });
  expect(r.status, r.stderr).toBe(0);
  return { stdout: r.stdout, loaded: readFileSync(log, 'utf8').split('\n').filter(Boolean) };
}

const packagesOf = (loaded: string[]): string[] => [...new Set(loaded.flatMap((u) => /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(u)?.[1] ?? []))];

/** The project's files, relative: git's list in a checkout; outside one (CI's Node 24 copy has no .git), a walk without what git ignores. */
function projectFiles(dir: string): string[] {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).split('\n').filter(Boolean);
  } catch {
    const skip = new Set(['node_modules', 'dist', '.git', 'runs', '.bench', 'coverage', 'test-artifacts', join('.ci', 'node24'), join('web', 'dist')]);
    const walk = (rel: string): string[] =>
      readdirSync(join(dir, rel), { withFileTypes: true }).flatMap((e) => {
        const path = rel ? join(rel, e.name) : e.name;
        if (skip.has(path)) return [];
        return e.isDirectory() ? walk(path) : e.isFile() ? [path] : [];
      });
    return walk('');
  }
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'arena-compiled-'));
  const here = process.cwd();
  for (const name of projectFiles(here)) {
    if (!name.startsWith('tests/') && !name.startsWith('web/')) cpSync(join(here, name), join(root, name));
  }
  symlinkSync(join(here, 'node_modules'), join(root, 'node_modules'));
  writeFileSync(join(root, 'trace-hooks.mjs'), "import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) { if (url.startsWith('file:')) appendFileSync(process.env.TRACE_LOG, `${url}\\n`); return next(url, context); }\n");
  writeFileSync(join(root, 'trace-register.mjs'), "import { register } from 'node:module';\nregister(new URL('./trace-hooks.mjs', import.meta.url));\n");
  log = join(root, 'loaded.log');
  execFileSync(process.execPath, ['bin/build.js'], { cwd: root });
}, 60_000);

afterAll(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

describe('arena compiled', () => {
  it('runs --help, games and match --help from dist/ and loads no heavy package for them', () => {
    for (const args of [['--help'], ['games'], ['match', '--help']]) {
      const { stdout, loaded } = arena(args);
      expect(stdout.length).toBeGreaterThan(100);
      expect(loaded.some((u) => u.endsWith('/dist/scripts/arena.js'))).toBe(true);
      expect(loaded.filter((u) => u.endsWith('.ts'))).toEqual([]);
      expect(packagesOf(loaded).filter((p) => HEAVY.includes(p))).toEqual([]);
    }
  });

  it('starts the game process of a match from dist/ too', () => {
    const { stdout, loaded } = arena(['match', '--steps', '2', '--quiet', '--runs-dir', join(root, 'runs')]);
    expect(stdout).toMatch(/last_stand\/origin seed 1 pdq/);
    expect(loaded.some((u) => u.endsWith('/dist/games/last-stand/main.js'))).toBe(true);
    expect(loaded.filter((u) => u.endsWith('.ts'))).toEqual([]);
  }, 60_000);

  it('runs an edited source through tsx until dist/ is built again, then the new build', () => {
    const help = join(root, 'scripts/cli/help.ts');
    writeFileSync(help, readFileSync(help, 'utf8').replace("'arena: a real-time game gateway for VLM agents'", "'arena: edited and not built'"));
    const stale = arena(['--help']);
    expect(stale.stdout).toMatch(/^arena: edited and not built/);
    expect(stale.loaded.some((u) => u.endsWith('/scripts/cli/help.ts'))).toBe(true);
    expect(stale.loaded.some((u) => u.startsWith(pathToFileURL(join(root, 'dist')).href))).toBe(false);
    execFileSync(process.execPath, ['bin/build.js', '--if-stale'], { cwd: root });
    const built = arena(['--help']);
    expect(built.stdout).toMatch(/^arena: edited and not built/);
    expect(built.loaded.some((u) => u.endsWith('/dist/scripts/arena.js'))).toBe(true);
    expect(built.loaded.filter((u) => u.endsWith('.ts'))).toEqual([]);
  }, 60_000);

  it('takes its parent\'s decision (ARENA_CODE=dist) instead of walking the sources again, as the game processes of a command do', () => {
    const help = join(root, 'scripts/cli/help.ts');
    writeFileSync(help, readFileSync(help, 'utf8').replace("'arena: edited and not built'", "'arena: edited after the parent decided'"));
    const child = arena(['--help'], { ARENA_CODE: 'dist' });
    expect(child.stdout).toMatch(/^arena: edited and not built/);
    expect(child.loaded.some((u) => u.endsWith('/dist/scripts/arena.js'))).toBe(true);
    expect(child.loaded.filter((u) => u.endsWith('.ts'))).toEqual([]);
    // Undecided, the same tree runs the edited source: the decision, not the tree, chose dist/ above.
    expect(arena(['--help']).stdout).toMatch(/^arena: edited after the parent decided/);
  }, 60_000);
});
