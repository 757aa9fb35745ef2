/**
 * The scorer over hand-written result files on the fixture golden set: cases without a result are named, tiers
 * and failures aggregate as documented, a result for a case the set lacks is BAD_RECORD; and a case whose video
 * is no video ends as a media-tool infrastructure failure.
 */
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ErrorCode, hasCode } from '../protocol/index.js';
import { parseModelRoute, runCases, scoreResults, type CaseResult, type PerceptionTuple } from '../perception/index.js';
import { resultPath, writeResult } from '../perception/protocols/case-result.js';
import { FIXTURE_CASES, useFixtureGoldenSet } from './support/golden-set.js';
import { useFakeProvider } from './support/fake-provider.js';

const fixture = useFixtureGoldenSet('arena-pscore-score-');
const fake = useFakeProvider();

function result(caseId: string, tuples: PerceptionTuple[], extra: Partial<CaseResult> = {}): CaseResult {
  const game = FIXTURE_CASES.find((c) => c.id === caseId)!.game;
  return {
    caseId,
    game,
    model: 'm',
    baseUrl: 'http://127.0.0.1:1/v1',
    protocol: 'native',
    startedAt: new Date(0).toISOString(),
    finishedAt: new Date(0).toISOString(),
    outcome: 'ok',
    tuples,
    rawAnswer: '',
    usage: { requests: 1, tokensIn: 0, tokensOut: 0, reasoningTokens: 0 },
    timings: { wallMs: 1, queueMs: 0, retries: 0 },
    preflight: { taskSha256: 'x', schemaSha256: 'y' },
    ...extra,
  };
}

describe('arena cases score over hand-written results', () => {
  it('names the cases without a result, and averages tiers over localised events per case, then per game', () => {
    const out = join(fixture().root, 'hand');
    const short = FIXTURE_CASES.find((c) => c.id === 'duel-short')!.refs;
    // Right times and actors, every update right, one state wrong: strict 2/3 matched, T1 all, T2 1, T3 2/3.
    const answer = short.map((t, i) => (i === 0 ? { ...t, state: '9-9' } : t));
    writeResult(resultPath(out, 'native', 'm', 'duel-short'), result('duel-short', answer));
    writeResult(resultPath(out, 'native', 'm', 'race-wide'), result('race-wide', [], { outcome: 'infrastructure', infraClass: 'provider-http', error: { code: 'PROVIDER_ERROR', message: 'HTTP 503', status: 503 } }));
    const r = scoreResults({ resultsDir: out, casesDir: fixture().golden, bootstrap: 0, seed: 1 });
    const s = r.systems[0]!;
    expect(s.missing).toEqual(['duel-long']);
    expect(s.metrics.f1.games['duel']).toBeCloseTo(2 / 3);
    expect(s.metrics.t1.games['duel']).toBe(1);
    expect(s.metrics.t2.games['duel']).toBe(1);
    expect(s.metrics.t3.games['duel']).toBeCloseTo(2 / 3);
    expect(s.metrics.f1.games['race']).toBeUndefined();
    expect(s.metrics.f1.macro).toBeCloseTo(2 / 3);
    expect(s.failures).toEqual([{ caseId: 'race-wide', game: 'race', infraClass: 'provider-http', message: 'HTTP 503' }]);
    expect(s.metrics.f1.intervals).toBeUndefined();
  });

  it('refuses a result for a case the golden set does not have with BAD_RECORD', () => {
    const out = join(fixture().root, 'stray');
    writeResult(resultPath(out, 'native', 'm', 'nope'), { ...result('duel-short', []), caseId: 'nope' });
    let err: unknown;
    try {
      scoreResults({ resultsDir: out, casesDir: fixture().golden, bootstrap: 0, seed: 1 });
    } catch (e) {
      err = e;
    }
    expect(hasCode(err, ErrorCode.BAD_RECORD)).toBe(true);
    expect((err as Error).message).toContain("case 'nope'");
  });
});

describe('a case whose video is no video', () => {
  it('ends as a media-tool infrastructure failure without a provider call', async () => {
    const golden = join(fixture().root, 'broken-golden');
    cpSync(fixture().golden, golden, { recursive: true });
    writeFileSync(join(golden, 'cases', 'race-wide', 'video.mp4'), 'not a video');
    const results: CaseResult[] = [];
    await runCases({ dir: golden, out: join(fixture().root, 'broken-out'), protocol: 'native', route: parseModelRoute({ model: 'm', baseUrl: fake().url }), concurrency: 1, agentic: { maxTurns: 1, wallClockS: 10 }, only: ['race-wide'], signal: new AbortController().signal, onCase: (r) => results.push(r) });
    expect(results[0]).toMatchObject({ outcome: 'infrastructure', infraClass: 'media-tool', error: { code: 'INTERNAL' } });
    expect(fake().completions()).toHaveLength(0);
  });
});
