/**
 * Each record's status and episode class after each fault: an episode whose decisions mostly failed at the
 * provider, or all timed out, is classed `failed` (not scored as play); failed decisions are charged nothing
 * the latency source did not measure; a runaway answer does not poison the rest of the episode.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVlmAgent } from '../agents/index.js';
import { runMatch, type MatchSpec } from '../gateway/index.js';
import { useFakeProvider } from './support/fake-provider.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

const fake = useFakeProvider();
let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

const vlm = (extra: Record<string, unknown> = {}) => createVlmAgent({ baseUrl: fake().url, model: 'fake-vlm', maxSide: 160, retryBaseMs: 1, retries: 0, ...extra });
const spec = (over: Partial<MatchSpec>): MatchSpec => ({ game: 'last_stand', runsDir: runs.dir, clock: 'pdq', stepBudget: 6, observationDelayMs: 0, slots: [], ...over });
type DecisionLine = { status: string; chargedMs: number; finishReason?: string; error?: { code: string } };

describe('episode class after faults', () => {
  it('classes an episode played on through 5 failed decisions of 6 as failed, and closes run.json with the failure', async () => {
    fake().script({}, ...Array.from({ length: 5 }, () => ({ status: 500 })));
    const result = await runMatch(spec({ onDecisionError: 'noop', slots: [{ slot: 0, agent: vlm() }] }));
    expect(result.players[0]).toMatchObject({ decisions: 6, failed: 5 });
    expect(result.episode).toBe('failed');
    expect(result.status).toBe('incomplete');
    expect(result.error).toMatchObject({ code: 'PROVIDER_ERROR', class: 'infrastructure' });
    const run = readRun(result.dir);
    expect(run.meta).toMatchObject({ status: 'incomplete', result: { episode: 'failed' }, failure: { code: 'PROVIDER_ERROR', class: 'infrastructure' } });
  });

  it('classes an episode where every decision timed out as failed, charging none of the timed-out wall time under lcrt', async () => {
    fake().script(...Array.from({ length: 3 }, () => ({ hang: true as const })));
    const result = await runMatch(spec({ clock: 'lcrt', stepBudget: 3, decisionTimeoutMs: 200, slots: [{ slot: 0, agent: vlm(), latency: { kind: 'wall' } }] }));
    expect(result.players[0]).toMatchObject({ decisions: 3, failed: 3 });
    expect(result.episode).toBe('failed');
    const decisions = readRun(result.dir).decisions as DecisionLine[];
    for (const d of decisions) {
      expect(d.status).toBe('failed');
      expect(d.error?.code).toBe('AGENT_TIMEOUT');
      expect(d.chargedMs).toBe(0);
      // The note says what was charged: nothing, because the time went to a failed call.
      expect((d as { chargeNote?: string }).chargeNote).toBe('failed decision: its failed attempts are never charged');
    }
  });

  it('scores an episode played on through one failed decision in six as play', async () => {
    fake().script({ status: 500 });
    const result = await runMatch(spec({ onDecisionError: 'noop', slots: [{ slot: 0, agent: vlm() }] }));
    expect(result.players[0]).toMatchObject({ decisions: 6, failed: 1 });
    expect(['finished', 'budget']).toContain(result.episode);
  });

  it('plays on after a runaway answer: later decisions are valid and the cut one is recorded with its finish reason', async () => {
    fake().script({ text: `${'thinking '.repeat(3000)}`, finishReason: 'length' });
    const result = await runMatch(spec({ slots: [{ slot: 0, agent: vlm() }] }));
    const decisions = readRun(result.dir).decisions as DecisionLine[];
    expect(decisions[0]).toMatchObject({ status: 'invalid', finishReason: 'length' });
    expect(decisions.slice(1).every((d) => d.status === 'valid' && d.finishReason === 'stop')).toBe(true);
    // No later request carried the runaway answer.
    for (const r of fake().completions().slice(1)) expect(r.raw).not.toContain('thinking thinking');
    expect(result.episode).not.toBe('failed');
  });
});
