/**
 * Spectators: one last_stand pdq match (scripted agent) through a real `arena serve` service in this process,
 * with 0, 1, 10 and 50 spectators in another process, each at the same profile (320 px, quality 60, 10 fps):
 * Node clients, or the pages of a real browser (Chromium, spectator-browser.ts). Reports the match's decision
 * rate and this process's CPU time per decision as ratios against 0 spectators, and the frame age at the
 * spectators (gateway receipt of the game's frame to arrival at the client) p50/p95.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../env-bridge/index.js';
import { ArenaService } from '../../serve/index.js';
import { serveKinds } from '../../plans/index.js';
import { startBrowserSpectators } from './spectator-browser.js';
import { quantile } from './stats.js';

export interface SpectatorBench {
  readonly spectators: number;
  readonly decisions: number;
  /** Decisions per wall second, from the run's start to its end. */
  readonly decisionRate: number;
  /** CPU time (user + system) of the gateway process per decision, ms. */
  readonly cpuMsPerDecision: number;
  readonly framesReceived: number;
  readonly frameAgeP50Ms: number;
  readonly frameAgeP95Ms: number;
  /** Where the spectators ran: Node clients in a child process, or one Chromium page. */
  readonly client: SpectatorClient;
  /** For the browser: its clock less this process's, and how far off that may be, ms. */
  readonly clock?: { readonly offsetMs: number; readonly uncertaintyMs: number };
}

/** Where the bench's spectators run. */
export type SpectatorClient = 'node' | 'browser';

const LOAD = join(PROJECT_ROOT, 'scripts', 'bench', 'spectator-load.mjs');

interface Load {
  attach: (url: string) => void;
  report: Promise<{ ages: number[]; frames: number; clockOffsetMs?: number; clockUncertaintyMs?: number }>;
  close?: () => Promise<void>;
}

/** Starts the spectator process; resolves its report once every stream saw the end. */
function startSpectators(count: number): Load {
  const child = spawn(process.execPath, [LOAD, String(count)], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
  const report = new Promise<{ ages: number[]; frames: number }>((resolve, reject) => {
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as { ages: number[]; frames: number }) : reject(new Error(`spectators exited ${code}`))));
  });
  return { attach: (url) => void child.stdin.write(`${JSON.stringify({ url })}\n`), report };
}

/** One match with `spectators` watching from `client`. */
export async function benchSpectators(spectators: number, steps: number, client: SpectatorClient = 'node'): Promise<SpectatorBench> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  const token = randomBytes(18).toString('base64url');
  const service = await ArenaService.start({ port: 0, token, runsDir, kinds: serveKinds(), log: () => undefined });
  let load: Load | undefined;
  try {
    if (spectators > 0) load = client === 'browser' ? await startBrowserSpectators(service.url, spectators) : startSpectators(spectators);
    const kind = service.jobs.kindOf('matches');
    const cpu0 = process.cpuUsage();
    const job = await service.jobs.create(kind, { game: 'last_stand', agents: [{ kind: 'scripted' }], stepBudget: steps, observationDelayMs: 0 });
    load?.attach(`${service.url.replace('http', 'ws')}/api/matches/${job.id}/stream?token=${token}&width=320&quality=60&fps=10`);
    while (service.jobs.hub(job.id)) await new Promise((r) => setTimeout(r, 50));
    const cpu = process.cpuUsage(cpu0);
    const seen = load ? await load.report : { ages: [], frames: 0 };
    const clock = seen.clockOffsetMs === undefined ? undefined : { offsetMs: seen.clockOffsetMs, uncertaintyMs: seen.clockUncertaintyMs ?? 0 };
    const run = JSON.parse(readFileSync(join(runsDir, job.id, 'run.json'), 'utf8')) as { startedAt: string; endedAt: string; result: { players: { decisions: number }[] } };
    const decisions = run.result.players[0]!.decisions;
    const wallMs = Date.parse(run.endedAt) - Date.parse(run.startedAt);
    return {
      spectators,
      decisions,
      decisionRate: decisions / (wallMs / 1000),
      cpuMsPerDecision: (cpu.user + cpu.system) / 1000 / decisions,
      framesReceived: seen.frames,
      frameAgeP50Ms: quantile(seen.ages, 0.5),
      frameAgeP95Ms: quantile(seen.ages, 0.95),
      client,
      ...(clock ? { clock } : {}),
    };
  } finally {
    await load?.close?.();
    await service.close();
    rmSync(runsDir, { recursive: true, force: true });
  }
}
