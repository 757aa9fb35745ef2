import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { roundConfounds } from './curve-confounds.js';
import type { CurveState } from './curve-state.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const conditions = (skill: string, over: Record<string, unknown> = {}): Record<string, unknown> => ({
  clock: 'pdq',
  observationDelayMs: 2000,
  stepBudget: 10,
  timeLimitMs: 60_000,
  decisionTimeoutMs: 180_000,
  frame: { width: 640, height: 360, encoding: 'rgb', recordedEncoding: 'jpeg', jpegQuality: 85 },
  feedback: true,
  profile: 'default',
  gateway: { version: '0.1.0', commit: 'abc' },
  agents: [{ slot: 0, kind: 'vlm', label: 'm', latency: 'none', latencyMeaning: 'none', frameEncoding: 'jpeg', privileged: false, settings: { model: 'm', skill: { sha256: skill } } }],
  ...over,
});

/** A curve folder whose rounds' runs declare `perRound[r]` conditions; the state names only what roundConfounds reads. */
function curve(perRound: readonly Record<string, unknown>[]): { dir: string; state: CurveState } {
  const dir = mkdtempSync(join(tmpdir(), 'arena-curve-conf-'));
  dirs.push(dir);
  const rounds = perRound.map((c, round) => {
    const rel = join('rounds', String(round), 'episodes', 'e0');
    mkdirSync(join(dir, rel), { recursive: true });
    writeFileSync(join(dir, rel, 'run.json'), JSON.stringify({ runId: `r${round}`, game: 'last_stand', variant: 'origin', seed: 1, clock: 'pdq', status: 'complete', conditions: c }));
    return { round, episodes: [{ dir: rel }] };
  });
  return { dir, state: { rounds } as unknown as CurveState };
}

describe('curve confounds', () => {
  it('finds none when the rounds differ in the skill alone', () => {
    const { dir, state } = curve([conditions('a'), conditions('b'), conditions('c')]);
    expect(roundConfounds(dir, state).size).toBe(0);
  });

  it('names a round whose runs differ from round 0 in more than the skill', () => {
    // A cold-start round 0 played with another observation delay.
    const { dir, state } = curve([conditions('a', { observationDelayMs: 0 }), conditions('b'), conditions('c')]);
    expect([...roundConfounds(dir, state)]).toEqual([
      [1, ['observationDelayMs']],
      [2, ['observationDelayMs']],
    ]);
  });
});
