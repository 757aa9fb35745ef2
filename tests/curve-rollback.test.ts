import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurveState } from '../reflection/index.js';
import { call, fastSettings, requestMessages, runTestCurve, STAY, submit, toolResults, turn, WALK } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';

describe('a round that collapses', () => {
  let fake: FakeProvider;
  let tmp: { dir: string; cleanup: () => void };
  let state: CurveState;
  let dir: string;
  /** Index of the first request of the reflection after round 2. */
  let thirdReflection: number;

  beforeAll(async () => {
    fake = await startFakeProvider();
    tmp = tempRunsDir();
    dir = join(tmp.dir, 'curve');
    fake.script(
      submit(STAY), // round 1 stands still: the best round
      submit(WALK), // round 2 walks off the edge: a collapse
      turn(call('read_skills')),
      submit(''),
      submit(''), // every submission after the collapse is rejected, so the restored skill is kept
    );
    thirdReflection = 2;
    state = await runTestCurve(dir, fake, fastSettings({ rounds: 3, rollbackRatio: 0.7, reflector: { model: 'fake-reflector', maxSubmissions: 2 } }));
  }, 120_000);

  afterAll(async () => {
    await fake.close();
    tmp.cleanup();
  });

  it('records a rollback to the best round when the mean falls below the ratio of the best', () => {
    const [r0, r1, r2] = state.rounds;
    expect(r1!.mean!).toBeGreaterThan(r0!.mean!);
    expect(r2!.mean!).toBeLessThan(0.7 * r1!.mean!);
    expect(r2!.rollback).toEqual({ toRound: 1, mean: r2!.mean, bestMean: r1!.mean, ratio: 0.7 });
    expect(state.rounds.filter((r) => r.rollback).map((r) => r.round)).toEqual([2]);
  });

  it('tells the next reflection about the rollback and gives it the best skill to revise', () => {
    const opening = requestMessages(fake, thirdReflection)[1]!.content as string;
    expect(opening).toContain('ROLLBACK');
    const skills = JSON.parse(toolResults(fake, thirdReflection + 1, 'read_skills')[0]!) as { played: { text: string }; base: { round: number; text: string } };
    expect(skills.played.text).toBe(WALK);
    expect(skills.base).toMatchObject({ round: 1, text: STAY });
    expect(state.rounds[3]!.reflection?.baseRound).toBe(1);
  });

  it('plays the restored best skill when the reflection after the collapse submits nothing acceptable', () => {
    expect(state.rounds[3]).toMatchObject({ source: 'kept', skill: STAY, reflection: { outcome: 'kept', keepReason: 'SUBMISSIONS_EXHAUSTED', rejections: [['EMPTY_SKILL'], ['EMPTY_SKILL']] } });
    expect(state.rounds[3]!.mean).toBeCloseTo(state.rounds[1]!.mean!, 9);
  });

  it('keeps the best skill with its round', () => {
    expect(state.best).toEqual({ round: 1, mean: state.rounds[1]!.mean });
  });

  it('marks the rollback in the plot and the summary', () => {
    expect(readFileSync(join(dir, 'curve.svg'), 'utf8')).toContain('rollback to 1');
    expect(readFileSync(join(dir, 'summary.txt'), 'utf8')).toMatch(/^2\s.*rollback to 1/m);
  });
});
