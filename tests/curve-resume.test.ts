import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ArenaError, ErrorCode, noopChunk } from '../protocol/index.js';
import { readCurveState, type PlayerContext } from '../reflection/index.js';
import { fastSettings, runTestCurve, skillPlayer, STAY, submit, WALK } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

type Played = PlayerContext & { skill: string };

let fake: FakeProvider;
let tmp: { dir: string; cleanup: () => void };

beforeEach(async () => {
  fake = await startFakeProvider();
  tmp = tempRunsDir();
});

afterEach(async () => {
  await fake.close();
  tmp.cleanup();
});

const where = (p: Played): string => `r${p.round ?? '-'}e${p.episode}`;
const SECOND = `${STAY} Keep still until the end.`;

async function failure(promise: Promise<unknown>): Promise<ArenaError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArenaError);
  return err as ArenaError;
}

describe('resuming a curve', () => {
  it('replays only the episode a crash interrupted and ends with the same curve as an uninterrupted run', async () => {
    const dir = join(tmp.dir, 'crashed');
    const controller = new AbortController();
    const first: Played[] = [];
    const player = skillPlayer(first);
    // The crash: the player of round 1, episode 1 pulls the plug at its first decision.
    const crashing = (skill: string, ctx: PlayerContext) => {
      if (ctx.round === 1 && ctx.episode === 1) {
        first.push({ ...ctx, skill });
        return new ScriptAgent(() => {
          controller.abort();
          return { chunk: noopChunk(6) };
        });
      }
      return player.makePlayer(skill, ctx);
    };
    fake.script(submit(STAY));
    const short = fastSettings({ rounds: 1, episodes: 2 });
    const err = await failure(runTestCurve(dir, fake, short, { signal: controller.signal, makePlayer: crashing }));
    expect(err.code).toBe(ErrorCode.ABORTED);
    expect(first.map(where)).toEqual(['r0e0', 'r0e1', 'r1e0', 'r1e1']);
    const stopped = readCurveState(join(dir, 'curve.json'))!;
    expect(stopped).toMatchObject({ status: 'stopped', error: { code: 'ABORTED' } });
    expect(stopped.rounds[1]!.episodes.map((e) => e.episode)).toEqual([0]);
    const kept = readFileSync(join(dir, 'rounds/1/episodes/e0/run.json'), 'utf8');

    const second: Played[] = [];
    const resumed = await runTestCurve(dir, fake, short, { log: second });
    expect(second.map(where)).toEqual(['r1e1']);
    expect(readFileSync(join(dir, 'rounds/1/episodes/e0/run.json'), 'utf8')).toBe(kept);
    expect(fake.completions()).toHaveLength(1);

    fake.script(submit(STAY));
    const straight = await runTestCurve(join(tmp.dir, 'straight'), fake, short);
    const view = (s: typeof resumed) => s.rounds.map((r) => ({ skill: r.skill, scores: r.episodes.map((e) => e.score), mean: r.mean, rollback: r.rollback }));
    expect(view(resumed)).toEqual(view(straight));
    expect(resumed.best).toEqual(straight.best);
  }, 120_000);

  it('continues with the reflection when stopped right after a round, replaying no episode', async () => {
    const dir = join(tmp.dir, 'stopped');
    const controller = new AbortController();
    const settings = fastSettings({ rounds: 2 });
    fake.script(submit(STAY));
    const err = await failure(
      runTestCurve(dir, fake, settings, {
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'round' && e.round === 1) controller.abort();
        },
      }),
    );
    expect(err.code).toBe(ErrorCode.ABORTED);
    const again: Played[] = [];
    fake.script(submit(SECOND));
    const state = await runTestCurve(dir, fake, settings, { log: again });
    expect(again.map(where)).toEqual(['r2e0']);
    expect(state.rounds.map((r) => r.skill)).toEqual(['', STAY, SECOND]);
  }, 120_000);

  it('extends a finished curve when run again with more rounds', async () => {
    const dir = join(tmp.dir, 'extended');
    const one = fastSettings({ rounds: 1 });
    fake.script(submit(STAY));
    await runTestCurve(dir, fake, one);
    const more: Played[] = [];
    fake.script(submit(SECOND));
    const state = await runTestCurve(dir, fake, { ...one, rounds: 2 }, { log: more });
    expect(more.map(where)).toEqual(['r2e0']);
    expect(state.rounds).toHaveLength(3);
  }, 120_000);

  it('refuses to resume with other settings with BAD_CONFIG naming the fields', async () => {
    const dir = join(tmp.dir, 'changed');
    fake.script(submit(STAY));
    await runTestCurve(dir, fake, fastSettings({ rounds: 1 }));
    const err = await failure(runTestCurve(dir, fake, fastSettings({ rounds: 1, episodes: 2, rollbackRatio: 0.7 })));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.details?.['fields']).toEqual(['episodes', 'rollbackRatio']);
  }, 120_000);

  it('replays the held-out best arm, and only it, when an extended curve finds a better skill', async () => {
    const dir = join(tmp.dir, 'better');
    const one = fastSettings({ rounds: 1, heldOut: ['ring'] });
    // Round 1 walks like round 0, so round 0 (the empty skill) stays the best and is transferred.
    fake.script(submit(WALK));
    const first = await runTestCurve(dir, fake, one);
    expect(first.transfer).toMatchObject({ bestRound: 0, variants: [{ gain: 0 }] });
    const more: Played[] = [];
    fake.script(submit(STAY));
    const state = await runTestCurve(dir, fake, { ...one, rounds: 2 }, { log: more });
    expect(more.map((p) => `${p.phase}:${p.arm ?? p.round}`)).toEqual(['round:2', 'heldout:best']);
    expect(state.transfer).toMatchObject({ bestRound: 2, skill: STAY });
    expect(state.transfer!.variants[0]!.gain!).toBeGreaterThan(0);
  }, 120_000);
});
