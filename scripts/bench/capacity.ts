/**
 * Capacity: concurrent last_stand matches with the scripted agent, each game its own child process, all
 * driven by this one gateway process. Reports game time run per wall second; a match keeps real time
 * while its share stays at or above 1.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent } from '../../agents/index.js';
import { scriptedPolicies } from '../../games/index.js';
import { runMatch } from '../../gateway/index.js';

export interface CapacityResult {
  readonly matches: number;
  readonly wallMs: number;
  readonly gameMs: number;
  /** Game seconds per wall second, all matches together. */
  readonly speed: number;
}

export async function benchCapacity(matches: number, timeLimitMs = 60_000): Promise<CapacityResult> {
  const runsDir = mkdtempSync(join(tmpdir(), 'arena-bench-'));
  try {
    const t0 = performance.now();
    const results = await Promise.all(
      Array.from({ length: matches }, (_, i) =>
        runMatch({ game: 'last_stand', seed: i + 1, clock: 'pdq', timeLimitMs, runsDir, slots: [{ slot: 0, agent: createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: i + 1 }) }] }),
      ),
    );
    const wallMs = performance.now() - t0;
    const failed = results.find((r) => r.status !== 'complete');
    if (failed) throw new Error(`a capacity match failed: ${failed.error?.code} ${failed.error?.message}`);
    const gameMs = results.reduce((s, r) => s + r.simMs, 0);
    return { matches, wallMs, gameMs, speed: gameMs / wallMs };
  } finally {
    rmSync(runsDir, { recursive: true, force: true });
  }
}
