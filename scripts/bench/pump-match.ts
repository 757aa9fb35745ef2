/** A pdq match on the pump game served in this process, with no observation delay: the benchmarks' match. */
import { GameClient, type GameEndpoint } from '../../env-bridge/index.js';
import { serveGame } from '../../games/index.js';
import { runMatch, type MatchResult, type MatchSpec } from '../../gateway/index.js';
import type { Agent } from '../../protocol/index.js';
import { pumpEntry, pumpGame } from './pump-game.js';

export interface PumpMatchOptions {
  readonly width: number;
  readonly height: number;
  readonly decisions: number;
  readonly agent: Agent;
  readonly runsDir: string;
  readonly jpegQuality?: number;
  /** The run's id (a new one when absent). */
  readonly runId?: string;
  /** The record queue's bounds (the match's default when absent). */
  readonly recordQueue?: MatchSpec['recordQueue'];
}

/** Plays the match; answers its result and its wall time per decision, ms. */
export async function pumpMatch(options: PumpMatchOptions): Promise<{ result: MatchResult; perDecisionMs: number }> {
  const { width, height } = options;
  const entry = pumpEntry(width, height);
  const server = await serveGame(pumpGame(width, height), { entry });
  try {
    const t0 = performance.now();
    const result = await runMatch({
      game: 'pump',
      entry,
      runsDir: options.runsDir,
      ...(options.runId === undefined ? {} : { runId: options.runId }),
      clock: 'pdq',
      observationDelayMs: 0,
      stepBudget: options.decisions,
      ...(options.jpegQuality === undefined ? {} : { jpegQuality: options.jpegQuality }),
      ...(options.recordQueue === undefined ? {} : { recordQueue: options.recordQueue }),
      slots: [{ slot: 0, agent: options.agent }],
      launch: async (_entry, launch): Promise<GameEndpoint> => {
        const client = await GameClient.connect(`ws://127.0.0.1:${server.port}`, { client: 'bench', privileged: launch.privileged });
        return { client, process: undefined, close: () => client.close() };
      },
    });
    return { result, perDecisionMs: (performance.now() - t0) / Math.max(1, result.players[0]!.decisions) };
  } finally {
    await server.close();
  }
}
