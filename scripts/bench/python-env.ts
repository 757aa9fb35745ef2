/**
 * The Python package's environments against the gateway's own decision loop: steps per wall second of a no-op
 * policy at 160x90 RGB on obstacle_run_2d (a game where doing nothing never ends an episode early), for one
 * Gymnasium environment and for N in an AsyncVectorEnv, each its own `arena match` child, beside an in-process
 * match of the same game, frame size, clock and budget with the idle agent, in interleaved rounds. Every arm
 * counts only the steps after its first observation (a game launch and a join are not steps).
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { IdleAgent } from '../../agents/index.js';
import { runMatch } from '../../gateway/index.js';
import type { Agent } from '../../protocol/index.js';
import { interleaved, median, ratioSpread, type RatioSpread } from './stats.js';

const GAME = 'obstacle_run_2d';
const ENV_ID = 'arena/ObstacleRun2d-v0';

/** The interpreter with the package installed: `$ARENA_PYTHON`, else the checkout's `.venv`. */
export function benchPython(root = process.cwd()): string {
  return process.env.ARENA_PYTHON ?? join(root, '.venv', 'bin', 'python');
}

/** Why the section cannot run here (no interpreter, or the package or gymnasium not importable), or undefined. */
export function pythonBenchMissing(python = benchPython()): string | undefined {
  if (!existsSync(python)) return `no Python at ${python} (pip install -e './python[gym]' into .venv, or set ARENA_PYTHON)`;
  const probe = spawnSync(python, ['-c', 'import arena_gateway.gym'], { encoding: 'utf8' });
  return probe.status === 0 ? undefined : `${python} cannot import arena_gateway.gym (pip install -e './python[gym]')`;
}

export interface PythonEnvResult {
  readonly frame: string;
  readonly steps: number;
  readonly vectorEnvs: number;
  /** Median steps per second of each arm over the rounds. */
  readonly inProcess: number;
  readonly python1: number;
  readonly pythonN: number;
  /** One Python environment against the in-process loop (goal 0.5 or more). */
  readonly oneOverInProcess: RatioSpread;
  /** N vector environments together against one (goal 1.6 or more at N = 4 on 2 cores). */
  readonly nOverOne: RatioSpread;
}

/** Wraps an agent to time its decisions: steps per second over the decisions after the first. */
class TimedAgent implements Agent {
  readonly kind = 'idle';
  readonly privileged = false;
  readonly frameEncoding = 'rgb' as const;
  private first = 0;
  private last = 0;
  private calls = 0;
  constructor(private readonly inner: IdleAgent) {}
  start(info: Parameters<IdleAgent['start']>[0]): Promise<void> {
    return this.inner.start(info);
  }
  decide(): ReturnType<IdleAgent['decide']> {
    const now = performance.now();
    if (this.calls++ === 0) this.first = now;
    this.last = now;
    return this.inner.decide();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
  rate(): number {
    return (this.calls - 1) / ((this.last - this.first) / 1000);
  }
}

async function inProcess(steps: number, width: number, height: number, seed: number): Promise<number> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-py-'));
  try {
    const agent = new TimedAgent(new IdleAgent());
    const result = await runMatch({ game: GAME, seed, clock: 'pdq', stepBudget: steps + 1, frame: { width, height }, runsDir, slots: [{ slot: 0, agent }] });
    if (result.status !== 'complete') throw new Error(`the in-process match failed: ${result.error?.code} ${result.error?.message}`);
    return agent.rate();
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}

function pythonRate(python: string, envs: number, steps: number, frame: string, seed: number): Promise<number> {
  return new Promise((done, fail) => {
    const root = resolve('.');
    const child = spawn(python, ['-m', 'arena_gateway.bench', '--envs', String(envs), '--steps', String(steps), '--env-id', ENV_ID, '--frame', frame, '--seed', String(seed)], {
      cwd: root, env: { ...process.env, ARENA_CHECKOUT: root }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) return fail(new Error(`python -m arena_gateway.bench exited ${code}: ${err.trim().split('\n').slice(-3).join(' | ')}`));
      done((JSON.parse(out.trim().split('\n').at(-1)!) as { stepsPerSecond: number }).stepsPerSecond);
    });
  });
}

/** `rounds` interleaved rounds of the three arms, `steps` timed steps each. */
export async function benchPythonEnv(rounds: number, steps: number, vectorEnvs = 4, width = 160, height = 90): Promise<PythonEnvResult> {
  const python = benchPython();
  const frame = `${width}x${height}`;
  let seed = 1;
  const [local, one, many] = await interleaved(rounds, [
    () => inProcess(steps, width, height, seed++),
    () => pythonRate(python, 1, steps, frame, seed++),
    () => pythonRate(python, vectorEnvs, steps, frame, seed++),
  ]);
  return {
    frame, steps, vectorEnvs,
    inProcess: median(local!), python1: median(one!), pythonN: median(many!),
    oneOverInProcess: ratioSpread(one!, local!),
    nOverOne: ratioSpread(many!, one!),
  };
}
