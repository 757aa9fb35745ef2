/**
 * What a scripted policy's decision costs, against the same policies at older commits measured alongside:
 * each commit's tree is unpacked once under the system's temporary folder, `arena-bench-trees/` (git
 * archive, this project's node_modules linked in; outside the project, so no test run or typecheck sees it) and `policy-cost-child.ts` runs in it and in this tree through tsx, one process per arm and
 * round, the order rotated each round. Per game: ms in `decide` per decision, and this tree's over each
 * commit's as the median of the rounds' ratios, with quartiles.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, realpathSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../env-bridge/index.js';
import { interleaved, median, ratioSpread, type RatioSpread } from './stats.js';

const CHILD = join('scripts', 'bench', 'policy-cost-child.ts');

export interface PolicyCost {
  readonly game: string;
  /** This tree's ms per decision (median over rounds). */
  readonly ms: number;
  /** Each older commit's ms per decision and this tree's ratio to it, by commit. */
  readonly against: readonly { readonly rev: string; readonly ms: number; readonly ratio: RatioSpread }[];
}

/** Why the section cannot run here (no git checkout to unpack older commits from), or undefined. */
export function policyBenchMissing(): string | undefined {
  return existsSync(join(PROJECT_ROOT, '.git')) ? undefined : 'no git checkout to unpack the older commits from';
}

/** The tree of `rev` under the temporary folder's arena-bench-trees/, unpacked once, with this tree's child script and node_modules. */
function treeOf(rev: string): string {
  const sha = execFileSync('git', ['rev-parse', '--short=12', `${rev}^{commit}`], { cwd: PROJECT_ROOT, encoding: 'utf8' }).trim();
  const dir = join(tmpdir(), 'arena-bench-trees', sha);
  if (!existsSync(join(dir, '.unpacked'))) {
    mkdirSync(dir, { recursive: true });
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C "${dir}"`], { cwd: PROJECT_ROOT });
    copyFileSync(join(PROJECT_ROOT, '.gitignore'), join(dir, '.unpacked'));
  }
  // The modules this tree runs on, linked by their real path (a link to a worktree's own link dies with the worktree).
  const modules = join(dir, 'node_modules');
  if (!existsSync(join(modules, 'tsx'))) {
    rmSync(modules, { force: true, recursive: true });
    symlinkSync(realpathSync(join(PROJECT_ROOT, 'node_modules')), modules);
  }
  mkdirSync(join(dir, 'scripts', 'bench'), { recursive: true });
  copyFileSync(join(PROJECT_ROOT, CHILD), join(dir, CHILD));
  return dir;
}

/** One run of the child in `dir`: ms per decision by game. */
function childRun(dir: string, decisions: number, games: readonly string[] | undefined): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, String(decisions), ...(games ? [games.join(',')] : [])], { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as Record<string, number>) : reject(new Error(`policy bench in ${dir} exited with ${code}`))));
  });
}

/** Policies' ms per decision in this tree against `revs`, `rounds` interleaved rounds of `decisions` decisions per game. */
export async function benchPolicies(revs: readonly string[], decisions: number, rounds: number, games?: readonly string[]): Promise<PolicyCost[]> {
  const dirs = [PROJECT_ROOT, ...revs.map(treeOf)];
  const runs = dirs.map(() => [] as Record<string, number>[]);
  await interleaved(
    rounds,
    dirs.map((dir, i) => async () => {
      runs[i]!.push(await childRun(dir, decisions, games));
      return 0;
    }),
  );
  const here = runs[0]!;
  const ids = Object.keys(here[0]!).filter((id) => runs.every((r) => r[0]![id] !== undefined));
  return ids.map((game) => {
    const mine = here.map((r) => r[game]!);
    return { game, ms: median(mine), against: revs.map((rev, k) => ({ rev, ms: median(runs[k + 1]!.map((r) => r[game]!)), ratio: ratioSpread(mine, runs[k + 1]!.map((r) => r[game]!)) })) };
  });
}
