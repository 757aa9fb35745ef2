/**
 * The whole decision loop (observe, decide, compile, advance, record) per decision, against the bare
 * GameLink round trip for the same frame: what the gateway adds on top of moving the frame.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IdleAgent } from '../../agents/index.js';
import { pumpMatch } from './pump-match.js';

export interface MatchLoopResult {
  readonly decisions: number;
  readonly perDecisionMs: number;
}

export async function benchMatchLoop(width: number, height: number, decisions = 300): Promise<MatchLoopResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  try {
    const { result, perDecisionMs } = await pumpMatch({ width, height, decisions, agent: new IdleAgent(), runsDir });
    return { decisions: result.players[0]!.decisions, perDecisionMs };
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
