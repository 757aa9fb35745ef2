// Which code an `arena` process runs: the compiled JavaScript in dist/ (built by `npm ci` and `npm run build`)
// when it is newer than every source it was built from, else the TypeScript sources through tsx, so an edit
// that has not been built yet is never run stale. Plain JavaScript on purpose: it runs before any of it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The project folder (this file lives in its bin/). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** Where the build writes its JavaScript, the same tree as the sources. */
export const DIST = join(ROOT, 'dist');
/** Written last by the build: when it started (a source saved during it counts as newer) and its entry points. */
export const STAMP = join(DIST, '.build-stamp.json');
/** The entry points the build compiles besides every game's main.ts: the modules `arena` runs as processes. */
export const ENTRIES_FIXED = ['scripts/arena.ts', 'plans/jobs/plan-process.ts', 'game-host/desktop/main.ts', 'game-host/desktop/measure.ts', 'scripts/bench/e2e-client.ts'];

/** Folders at the top of the project that hold no compiled source. */
const SKIP = new Set(['node_modules', 'dist', 'tests', 'web', 'runs', 'coverage', 'test-artifacts', 'examples']);

/** Whether a file name is a source the build compiles (TypeScript, not a test, not a declaration). */
/** @param {string} name */
export function isSource(name) {
  return name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts');
}

/** @typedef {{ startedAt?: unknown; entries?: unknown }} Stamp */

/** @returns {Stamp | undefined} */
function readStamp() {
  try {
    return JSON.parse(readFileSync(STAMP, 'utf8'));
  } catch {
    return undefined;
  }
}

/** Whether dist/ holds a build at least as new as every source (false when there is none). */
/** @param {Stamp | undefined} stamp */
export function distFresh(stamp = readStamp()) {
  const built = stamp?.startedAt;
  if (typeof built !== 'number') return false;
  const dirs = [''];
  while (dirs.length > 0) {
    const rel = /** @type {string} */ (dirs.pop());
    for (const d of readdirSync(join(ROOT, rel), { withFileTypes: true })) {
      if (d.name.startsWith('.')) continue;
      const path = rel === '' ? d.name : `${rel}/${d.name}`;
      if (d.isDirectory()) {
        if (rel !== '' || !SKIP.has(d.name)) dirs.push(path);
      } else if (isSource(d.name) && statSync(join(ROOT, path)).mtimeMs > built) return false;
    }
  }
  return true;
}

/** The JavaScript file dist/ has for an entry point (`games/x/main.ts` -> dist/games/x/main.js). */
/** @param {string} source */
export function distFile(source) {
  return join(DIST, source.replace(/\.ts$/, '.js'));
}

/** Whether the build in dist/ has `source` as an entry point (its freshness aside). */
/** @param {string} source @param {Stamp | undefined} stamp */
function built(source, stamp = readStamp()) {
  return Array.isArray(stamp?.entries) && stamp.entries.includes(source);
}

/** Whether the build in dist/ is fresh and has `source` as an entry point. */
/** @param {string} source */
export function compiled(source) {
  const stamp = readStamp();
  return built(source, stamp) && distFresh(stamp);
}

/**
 * The environment variable that carries which code a process runs: `tsx` forces the sources; `dist` says a
 * parent found dist/ fresh, so a child (a game process, the service's plan process) trusts that and does not
 * walk the tree again. The first process of a command decides and sets it for its children.
 */
export const CODE_ENV = 'ARENA_CODE';

/**
 * Runs a source module (a path relative to the project, `scripts/arena.ts`): its compiled file when dist/ is
 * fresh and has it, else the source through tsx. `ARENA_CODE=tsx` forces the sources; `ARENA_CODE=dist` is a
 * parent's decision that dist/ is fresh.
 */
/** @param {string} source */
export async function startModule(source) {
  const decided = process.env[CODE_ENV];
  const useDist = decided === 'tsx' ? false : decided === 'dist' ? built(source) : compiled(source);
  if (decided !== 'tsx' && decided !== 'dist') process.env[CODE_ENV] = useDist ? 'dist' : 'tsx';
  if (useDist) {
    await import(pathToFileURL(distFile(source)).href);
    return;
  }
  if (process.stderr.isTTY && decided === undefined) {
    process.stderr.write('arena: dist/ is older than the sources (or missing): running them through tsx; npm run build makes the start fast again\n');
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(join(ROOT, source)).href);
}
