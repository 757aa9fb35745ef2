#!/usr/bin/env node
// Compiles the command line and every process it starts into dist/: one ES module per entry point (the same
// path, .ts -> .js) and shared chunks, type-stripped and bundled by esbuild in about a second. zod and msgpack
// go into the bundle (a hundred small modules each, the bulk of a start's module loading); the other packages
// stay external. `npm ci` runs it (the prepare script), and so do `npm start` and the tests when dist/ is
// older than the sources (`--if-stale`). Type checking is `npm run typecheck`'s job, not this one's.
import { readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { DIST, ENTRIES_FIXED, ROOT, STAMP, distFresh } from './code.js';

/** Packages bundled in; every other dependency is loaded from node_modules as it is. */
const BUNDLED = new Set(['zod', '@msgpack/msgpack']);

if (process.argv.includes('--if-stale') && distFresh()) process.exit(0);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter((name) => !BUNDLED.has(name));
const games = readdirSync(join(ROOT, 'games'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && readdirSync(join(ROOT, 'games', d.name)).includes('main.ts'))
  .map((d) => `games/${d.name}/main.ts`);
const entries = [...ENTRIES_FIXED, ...games];
/** Chunks of earlier builds stay this long: a running service may still import one lazily. */
const OLD_CHUNK_MS = 7 * 24 * 3600 * 1000;

const startedAt = Date.now();
rmSync(STAMP, { force: true });
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: entries,
  outdir: DIST,
  outbase: '.',
  entryNames: '[dir]/[name]',
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external,
  metafile: true,
  minifyWhitespace: true,
  minifySyntax: true,
  logLevel: 'warning',
});
const written = new Set(Object.keys(result.metafile.outputs).map((path) => join(ROOT, path)));
const chunks = join(DIST, 'chunks');
for (const name of readdirSync(chunks)) {
  const path = join(chunks, name);
  if (!written.has(path) && startedAt - statSync(path).mtimeMs > OLD_CHUNK_MS) rmSync(path);
}
writeFileSync(STAMP, `${JSON.stringify({ startedAt, entries })}\n`);
