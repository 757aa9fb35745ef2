/**
 * Under pdq a round waits for its slowest player; each slot's recorded thinking time (`decideWallMs` of its
 * placements) is still its own: a scripted player beside a model that takes 300 ms does not show the model's time.
 */
import { describe, expect, it } from 'vitest';
import { runArena } from './support/arena-process.js';
import { startFakeProvider } from './support/fake-provider.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

const DELAY_MS = 300;

describe('pdq thinking time per slot', () => {
  it('records each slot\'s own wall time to answer, not the round\'s', async () => {
    const provider = await startFakeProvider();
    const runs = tempRunsDir();
    try {
      provider.script(...Array.from({ length: 3 }, () => ({ text: '<|action_start|>0 0 0 ; ; <|action_end|>', delayMs: DELAY_MS })));
      const r = await runArena(['match', '--game', 'sky_duel', '--agents', 'scripted,vlm', '--model', 'fake-vlm', '--base-url', provider.url, '--steps', '3', '--runs-dir', runs.dir, '--quiet']);
      expect(r.code, r.stderr).toBe(0);
      const { ledger } = readRun(r.stdout.trim().split(' | ').pop()!);
      const placed = ledger.filter((e) => e.kind === 'placement') as { slot: number; step: number; decideWallMs: number }[];
      const of = (slot: number): number[] => placed.filter((p) => p.slot === slot).sort((a, b) => a.step - b.step).map((p) => p.decideWallMs);
      const [scripted, model] = [of(0), of(1)];
      expect(model).toHaveLength(3);
      expect(scripted).toHaveLength(3);
      // The model waited on its provider at least the delay; the scripted player, in the same rounds, answered by itself.
      for (const ms of model) expect(ms).toBeGreaterThanOrEqual(DELAY_MS);
      scripted.forEach((ms, i) => expect(ms, `round ${i}`).toBeLessThan(model[i]!));
    } finally {
      runs.cleanup();
      await provider.close();
    }
  }, 60_000);
});
