/**
 * The web app's bundle: built from web/ with vite's build API into web/dist the first time `arena serve` needs
 * it, and again whenever a source file is newer than the bundle, so `npm ci && npm start` is all the set-up.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../env-bridge/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** The web app's source directory. */
export const WEB_ROOT = join(PROJECT_ROOT, 'web');

function newest(dir: string): number {
  let t = 0;
  for (const name of readdirSync(dir)) {
    if (name === 'dist' || name === 'node_modules') continue;
    const path = join(dir, name);
    const st = statSync(path);
    t = Math.max(t, st.isDirectory() ? newest(path) : st.mtimeMs);
  }
  return t;
}

/** What the bundle is built from: the web app and the layers it imports (`layers.json`'s `web` row). */
const SOURCES = [WEB_ROOT, join(PROJECT_ROOT, 'plots'), join(PROJECT_ROOT, 'protocol')];

/** Builds web/dist if it is missing or older than its sources; returns its directory. */
export async function ensureWebBundle(log: (line: string) => void = () => undefined): Promise<string> {
  const out = join(WEB_ROOT, 'dist');
  const index = join(out, 'index.html');
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...SOURCES.map(newest))) return out;
  log('building the web app (web/ -> web/dist) ...');
  const vite = await import('vite').catch((err: unknown) => {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `building the web app needs vite (a dev dependency: run npm ci), or start with --no-web: ${err instanceof Error ? err.message : String(err)}`);
  });
  const { build } = vite;
  await build({ root: WEB_ROOT, base: './', logLevel: 'warn', configFile: false, build: { outDir: out, emptyOutDir: true, assetsInlineLimit: 0, reportCompressedSize: false } });
  return out;
}
