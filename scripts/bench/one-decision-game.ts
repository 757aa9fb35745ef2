/**
 * A bench-only game that ends after one decision: the cheapest episode the whole path (gateway, recorder, store,
 * queues) can play, so a sweep of 10,000 measures the coordinator and not the game. Not in the game catalog: a
 * sweep reaches it through `entryOf` and `launch`, each episode serving it in process on a port of its own.
 */
import { launchGame, type GameEndpoint, type LaunchOptions } from '../../env-bridge/index.js';
import { serveGame, type GameDefinition, type SimEnd, type Simulation } from '../../games/index.js';
import type { GameEntry } from '../../games-manifest/index.js';
import type { PlayerProgress } from '../../protocol/index.js';
import type { EpisodeJob, EpisodeResolver } from '../../sweeps/index.js';
import { makeAgent } from '../../plans/index.js';

/** The game's id (no catalog entry has it). */
export const ONE_DECISION = 'one_decision';

/** Its manifest entry: one player, a 32x16 view, over after the first tick of the first decision. */
export const oneDecisionEntry: GameEntry = {
  id: ONE_DECISION,
  name: 'One decision',
  regime: 'solo',
  view: 'top-down',
  summary: 'Bench game: over after one decision; its score is the seed modulo 10, over 10.',
  slots: [{ slot: 0, team: 0 }],
  controls: { keys: ['W'], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 1, chunkSteps: 1, stepMs: 120, tapMs: 30 },
  frame: { width: 32, height: 16 },
  timeLimitMs: 10_000,
  stepBudget: 4,
  progress: 'the seed modulo 10, over 10',
  variants: [{ id: 'origin', heldOut: false, description: 'the only layout' }],
  prompt: { rules: 'Nothing to do.', screen: 'A grey square.', controls: 'W, ignored.' },
  launch: { kind: 'remote', url: 'ws://127.0.0.1:1' },
};

class OneDecision implements Simulation {
  readonly tickMs = 10;
  private ticks = 0;
  constructor(private readonly seed: number) {}
  input(): void {}
  tick(): void {
    this.ticks++;
  }
  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    out.fill(128, 0, width * height * 3);
  }
  progress(): PlayerProgress[] {
    return [{ slot: 0, progress: (this.seed % 10) / 10, score: this.seed % 10 }];
  }
  drainEvents(): [] {
    return [];
  }
  state(): Record<string, unknown> {
    return { ticks: this.ticks };
  }
  ended(): SimEnd | undefined {
    return this.ticks > 0 ? { reason: 'done', outcomes: [{ slot: 0, result: this.seed % 2 === 0 ? 'win' : 'loss' }] } : undefined;
  }
}

/** The game's simulation. */
export const oneDecisionGame: GameDefinition = {
  id: ONE_DECISION,
  build: 'one_decision@1',
  variants: ['origin'],
  slots: oneDecisionEntry.slots,
  create: (o) => new OneDecision(o.seed),
};

/** Launches it for one episode: its own GameLink server on port 0 in this process, closed with the link. */
export async function launchOneDecision(_entry: GameEntry, options: LaunchOptions): Promise<GameEndpoint> {
  const server = await serveGame(oneDecisionGame, { entry: oneDecisionEntry });
  try {
    const endpoint = await launchGame({ ...oneDecisionEntry, launch: { kind: 'remote', url: `ws://127.0.0.1:${server.port}` } }, options);
    let closing: Promise<void> | undefined;
    return { ...endpoint, close: () => (closing ??= endpoint.close().finally(() => server.close())) };
  } catch (err) {
    await server.close();
    throw err;
  }
}

/** `n` one-decision episodes of pool `pool`, an idle player each, ids `<prefix>.s<i>`, in two cells (even and odd seeds differ by score). */
export function oneDecisionJobs(n: number, pool: string, prefix = 'scale'): EpisodeJob[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `${prefix}.s${i + 1}`,
    batch: prefix,
    cell: `one_decision.${i % 2}`,
    cellInfo: { game: ONE_DECISION, variant: 'origin', clock: 'pdq' as const, latency: 'none', lineup: [i % 2 === 0 ? 'idle-a' : 'idle-b'] },
    episode: Math.floor(i / 2),
    seed: i + 1,
    pool,
    agents: [{ slot: 0, label: i % 2 === 0 ? 'idle-a' : 'idle-b', kind: 'idle' }],
    observationDelayMs: 0,
  }));
}

/** Its jobs as matches: the entry above, the job's agents made by the built-in factory, launched in process. */
export const oneDecisionResolver: EpisodeResolver = (job) => ({
  game: ONE_DECISION,
  entry: oneDecisionEntry,
  variant: job.cellInfo.variant,
  seed: job.seed,
  clock: job.cellInfo.clock,
  slots: job.agents.map((a) => ({ slot: a.slot, label: a.label, agent: makeAgent(a.kind, { game: ONE_DECISION, seed: job.seed }) })),
  ...(job.observationDelayMs === undefined ? {} : { observationDelayMs: job.observationDelayMs }),
  ...(job.stepBudget === undefined ? {} : { stepBudget: job.stepBudget }),
  launch: launchOneDecision,
});
