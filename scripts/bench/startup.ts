/**
 * Start-up: the wall time of small `arena` commands against `node -e 0` (a bare Node start), each spawned as
 * its own process, interleaved round by round; a ratio per round, with quartiles.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../env-bridge/index.js';
import { interleaved, median, ratioSpread, type RatioSpread } from './stats.js';

/** The commands measured, as `arena` arguments. */
export const STARTUP_COMMANDS: readonly (readonly string[])[] = [['--help'], ['games'], ['match', '--help']];

export interface StartupResult {
  /** `node -e 0`, median ms. */
  readonly nodeMs: number;
  readonly commands: readonly { readonly args: string; readonly ms: number; readonly vsNode: RatioSpread }[];
  /** Whether dist/ was there (a fresh build is what `arena` runs; a stale one falls back to tsx). */
  readonly compiled: boolean;
}

function timed(args: readonly string[]): () => Promise<number> {
  return () =>
    new Promise((resolve, reject) => {
      const t0 = performance.now();
      const child = spawn(process.execPath, args, { cwd: PROJECT_ROOT, stdio: 'ignore' });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve(performance.now() - t0) : reject(new Error(`${args.join(' ')} exited with ${code}`))));
    });
}

export async function benchStartup(rounds: number): Promise<StartupResult> {
  const arena = join(PROJECT_ROOT, 'bin', 'arena.js');
  const arms = [timed(['-e', '0']), ...STARTUP_COMMANDS.map((c) => timed([arena, ...c]))];
  for (const arm of arms) await arm();
  const [node, ...rest] = await interleaved(rounds, arms);
  return {
    nodeMs: median(node!),
    commands: rest.map((t, i) => ({ args: STARTUP_COMMANDS[i]!.join(' '), ms: median(t), vsNode: ratioSpread(t, node!) })),
    compiled: existsSync(join(PROJECT_ROOT, 'dist', '.build-stamp.json')),
  };
}
