/**
 * Curve episodes that are no result of play: an episode where most of the player's decisions failed at the
 * provider (played on as no-ops, `onDecisionError: noop`) is classed `failed`, replayed, and never scored in a
 * round's mean or used as the baseline; when the retries are spent the curve stops with PROVIDER_ERROR, and a
 * resume plays the episode again. Under the default a decision whose attempts all failed ends the episode, which
 * is replayed the same way.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVlmAgent } from '../agents/index.js';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { readCurveState, type PlayerContext } from '../reflection/index.js';
import { fastSettings, runTestCurve, skillPlayer, submit, STAY } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider, type FakeReply } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

let reflector: FakeProvider;
let model: FakeProvider;
let tmp: { dir: string; cleanup: () => void };

beforeEach(async () => {
  reflector = await startFakeProvider();
  model = await startFakeProvider();
  tmp = tempRunsDir();
});

afterEach(async () => {
  await reflector.close();
  await model.close();
  tmp.cleanup();
});

const STEPS = 6;
/** One good answer, then five provider errors: 5 of 6 decisions fail, so the episode is classed `failed`. */
const FAILING: FakeReply[] = [{}, ...Array.from({ length: STEPS - 1 }, () => ({ status: 500 }))];
const settings = (over: Parameters<typeof fastSettings>[0] = {}) => fastSettings({ rounds: 0, episodes: 2, match: { stepBudget: STEPS, observationDelayMs: 0, timeLimitMs: 60_000, onDecisionError: 'noop' }, ...over });

/** The VLM player on the model fake, without retries, logging which episode each agent was made for. */
function vlmPlayer(log: PlayerContext[]) {
  return (_skill: string, ctx: PlayerContext) => {
    log.push(ctx);
    return createVlmAgent({ baseUrl: model.url, model: 'fake-vlm', maxSide: 160, retryBaseMs: 1, retries: 0 });
  };
}

const runJson = (dir: string, round: number, episode: number) => JSON.parse(readFileSync(join(dir, 'rounds', String(round), 'episodes', `e${episode}`, 'run.json'), 'utf8')) as { result: { episode: string }; curveEpisode: { attempt: number } };

describe('curve episodes that are no result of play', () => {
  it('replays an episode whose decisions mostly failed at the provider and scores only the replay', async () => {
    const dir = join(tmp.dir, 'retried');
    const log: PlayerContext[] = [];
    // Episode 0's first attempt fails 5 of 6 decisions; its replay and episode 1 get the default answer.
    model.script(...FAILING);
    const state = await runTestCurve(dir, reflector, settings({ episodeRetries: 1 }), { makePlayer: vlmPlayer(log) });
    expect(log.map((c) => c.episode)).toEqual([0, 0, 1]);
    const round = state.rounds[0]!;
    expect(round.episodes.map((e) => ({ episode: e.episode, failed: e.failed, decisions: e.decisions, attempts: e.attempts }))).toEqual([
      { episode: 0, failed: 0, decisions: STEPS, attempts: 2 },
      { episode: 1, failed: 0, decisions: STEPS, attempts: undefined },
    ]);
    // The run directory holds the scored replay, classed as play.
    expect(runJson(dir, 0, 0).curveEpisode.attempt).toBe(1);
    expect(['finished', 'budget']).toContain(runJson(dir, 0, 0).result.episode);
    const scores = round.episodes.map((e) => e.score);
    expect(round.mean).toBeCloseTo((scores[0]! + scores[1]!) / 2, 10);
    expect(state.best).toEqual({ round: 0, mean: round.mean });
  }, 120_000);

  it('stops with PROVIDER_ERROR when the retries are spent, scores nothing of the failed episode, and a resume plays it again', async () => {
    const dir = join(tmp.dir, 'stopped');
    const log: PlayerContext[] = [];
    model.script(...FAILING);
    const s = settings({ episodeRetries: 0 });
    const err = await runTestCurve(dir, reflector, s, { makePlayer: vlmPlayer(log) }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ArenaError);
    expect((err as ArenaError).code).toBe(ErrorCode.PROVIDER_ERROR);
    expect((err as ArenaError).message).toMatch(/episode 0 .*rounds\/0\/episodes\/e0.* not scored/);
    const stopped = readCurveState(join(dir, 'curve.json'))!;
    expect(stopped).toMatchObject({ status: 'stopped', error: { code: 'PROVIDER_ERROR' } });
    expect(stopped.rounds[0]!.episodes).toEqual([]);
    expect(stopped.rounds[0]!.mean).toBeUndefined();
    expect(stopped.best).toBeUndefined();
    // The failed run stays on disk for inspection, classed `failed`, and is not adopted on resume.
    expect(runJson(dir, 0, 0).result.episode).toBe('failed');

    const resumed = await runTestCurve(dir, reflector, s, { makePlayer: vlmPlayer(log) });
    expect(log.map((c) => c.episode)).toEqual([0, 0, 1]);
    expect(resumed.status).toBe('complete');
    expect(resumed.rounds[0]!.episodes.map((e) => e.failed)).toEqual([0, 0]);
    expect(resumed.best?.round).toBe(0);
  }, 120_000);

  it('replays an episode an agent failure left incomplete (AGENT_GONE) instead of scoring it', async () => {
    const dir = join(tmp.dir, 'gone');
    const log: PlayerContext[] = [];
    const player = skillPlayer();
    let failures = 0;
    // Episode 0's first player fails at its first decision, which ends the run with AGENT_GONE.
    const makePlayer = (skill: string, ctx: PlayerContext) => {
      log.push(ctx);
      if (ctx.episode === 0 && failures++ === 0) return new ScriptAgent(() => ({ throw: new Error('the player process went away') }));
      return player.makePlayer(skill, ctx);
    };
    const state = await runTestCurve(dir, reflector, settings({ episodeRetries: 1 }), { makePlayer });
    expect(log.map((c) => c.episode)).toEqual([0, 0, 1]);
    expect(state.rounds[0]!.episodes.map((e) => ({ status: e.status, attempts: e.attempts }))).toEqual([
      { status: 'complete', attempts: 2 },
      { status: 'complete', attempts: undefined },
    ]);
    expect(runJson(dir, 0, 0).curveEpisode.attempt).toBe(1);
  }, 120_000);

  it('keeps a reflector turn after a replayed episode working as before', async () => {
    const dir = join(tmp.dir, 'reflected');
    model.script(...FAILING);
    reflector.script(submit(STAY));
    const state = await runTestCurve(dir, reflector, settings({ rounds: 1, episodes: 1 }), { makePlayer: vlmPlayer([]) });
    expect(state.rounds.map((r) => r.episodes.map((e) => e.failed))).toEqual([[0], [0]]);
    expect(state.rounds[1]!.source).toBe('reflector');
  }, 120_000);
});
