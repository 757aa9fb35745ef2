/**
 * The whole decision loop (observe, decide, compile, advance, record) per decision, against the bare
 * GameLink round trip for the same frame: what the gateway adds on top of moving the frame.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdleAgent } from '../../agents/index.js';
import { GameClient, type GameEndpoint } from '../../env-bridge/index.js';
import { serveGame } from '../../games/index.js';
import { runMatch } from '../../gateway/index.js';
import { pumpEntry, pumpGame } from './pump-game.js';

export interface MatchLoopResult {
  readonly decisions: number;
  readonly perDecisionMs: number;
}

export async function benchMatchLoop(width: number, height: number, decisions = 300): Promise<MatchLoopResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  const entry = pumpEntry(width, height);
  const server = await serveGame(pumpGame(width, height), { entry });
  try {
    const t0 = performance.now();
    const result = await runMatch({
      game: 'pump',
      entry,
      runsDir,
      clock: 'pdq',
      observationDelayMs: 0,
      stepBudget: decisions,
      slots: [{ slot: 0, agent: new IdleAgent() }],
      launch: async (): Promise<GameEndpoint> => {
        const client = await GameClient.connect(`ws://127.0.0.1:${server.port}`, { client: 'bench', privileged: true });
        return { client, process: undefined, close: () => client.close() };
      },
    });
    return { decisions: result.players[0]!.decisions, perDecisionMs: (performance.now() - t0) / Math.max(1, result.players[0]!.decisions) };
  } finally {
    await server.close();
    rmSync(runsDir, { recursive: true, force: true });
  }
}
