import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { approxTokens } from '../agents/index.js';
import { getGame } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { parseCurveSettings, readCurveState, runReflection, type CurveSettingsInput, type PlayerContext, type ReflectionInput } from '../reflection/index.js';
import { call, fastSettings, reflectorClient, requestMessages, runTestCurve, skillPlayer, STAY, submit, toolResults, turn } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';

let fake: FakeProvider;
let tmp: { dir: string; cleanup: () => void };
let episodeDir: string;
let transcripts = 0;

/** A reflection input over one real last_stand episode (played once for the whole file). */
function input(over: Partial<CurveSettingsInput> = {}): ReflectionInput {
  const settings = parseCurveSettings(fastSettings(over));
  const record = { episode: 0, seed: 1, dir: episodeDir, score: 0.0163, status: 'complete' as const, reason: 'fell', simMs: 1960, decisions: 3, invalid: 0, failed: 0 };
  const played = { round: 0, skill: '', mean: 0.0163 };
  return {
    round: 0,
    entry: getGame('last_stand'),
    variant: 'origin',
    slots: [0],
    episodes: [{ record, dir: episodeDir }],
    played,
    base: played,
    best: played,
    notebook: '',
    rounds: [{ round: 0, skill: '', skillTokens: 0, notebook: '', diagnosis: '', source: 'empty', episodes: [record], mean: 0.0163, finished: true }],
    rollback: undefined,
    settings,
    countTokens: approxTokens,
  };
}

const reflect = (over: Partial<CurveSettingsInput> = {}) => runReflection(input(over), reflectorClient(fake), join(tmp.dir, `transcript-${++transcripts}.jsonl`));

const submitResults = (n: number): { accepted: boolean; issues?: { code: string }[] }[] => toolResults(fake, n, 'submit').map((t) => JSON.parse(t) as never);

beforeAll(async () => {
  tmp = tempRunsDir();
  const result = await runMatch({
    game: 'last_stand',
    seed: 1,
    observationDelayMs: 0,
    timeLimitMs: 6000,
    runsDir: tmp.dir,
    runId: 'episode',
    slots: [{ slot: 0, agent: skillPlayer().makePlayer('', { phase: 'round', round: 0, variant: 'origin', episode: 0, seed: 1, slot: 0 }) }],
  });
  episodeDir = result.dir;
}, 60_000);

afterAll(() => tmp.cleanup());

beforeEach(async () => {
  fake = await startFakeProvider();
});

afterEach(async () => {
  await fake.close();
});

describe('submission bounds and lints', () => {
  it('rejects a skill over the token cap with SKILL_TOO_LONG and accepts the shorter resubmission', async () => {
    fake.script(submit('Stay still. '.repeat(20)), submit(STAY));
    const result = await reflect({ skillTokens: 20 });
    expect(result.record.rejections).toEqual([['SKILL_TOO_LONG']]);
    expect(result.submission?.skill).toBe(STAY);
    expect(submitResults(1)[0]).toMatchObject({ accepted: false, issues: [{ code: 'SKILL_TOO_LONG' }] });
  });

  it('rejects a notebook over its cap with NOTEBOOK_TOO_LONG', async () => {
    fake.script(submit(STAY, 'x'.repeat(100)), submit(STAY, 'short'));
    const result = await reflect({ notebookTokens: 10 });
    expect(result.record.rejections).toEqual([['NOTEBOOK_TOO_LONG']]);
    expect(result.submission?.notebook).toBe('short');
  });

  it('rejects a diagnosis over its cap with DIAGNOSIS_TOO_LONG', async () => {
    fake.script(submit(STAY, 'n', 'why '.repeat(40)), submit(STAY, 'n', 'short'));
    const result = await reflect({ diagnosisTokens: 10 });
    expect(result.record.rejections).toEqual([['DIAGNOSIS_TOO_LONG']]);
  });

  it('rejects an empty skill with EMPTY_SKILL', async () => {
    fake.script(submit('   \n'), submit(STAY));
    const result = await reflect();
    expect(result.record.rejections).toEqual([['EMPTY_SKILL']]);
    expect(result.submission?.skill).toBe(STAY);
  });

  it('rejects a skill naming the third platform with BANNED_PATTERN and the pattern id', async () => {
    fake.script(submit('Run to the third platform, then jump.'), submit('Jump across gaps one tile wide.'));
    const result = await reflect();
    expect(result.record.rejections).toEqual([['BANNED_PATTERN']]);
    expect(toolResults(fake, 1, 'submit')[0]).toContain('ordinal-feature');
    expect(result.submission?.skill).toBe('Jump across gaps one tile wide.');
  });

  it('rejects a skill matching a configured pattern', async () => {
    fake.script(submit('Always hug the north wall.'), submit(STAY));
    const result = await reflect({ banned: [{ id: 'wall-hug', pattern: 'north wall', description: 'names a wall' }] });
    expect(result.record.rejections).toEqual([['BANNED_PATTERN']]);
  });

  it('lints the notebook too when lintNotebook is set', async () => {
    fake.script(submit(STAY, 'The third platform is safe.'), submit(STAY, 'Standing still is safe.'));
    const result = await reflect({ lintNotebook: true });
    expect(result.record.rejections).toEqual([['BANNED_PATTERN']]);
  });

  it('rejects submit arguments that are not JSON with BAD_ARGUMENTS', async () => {
    fake.script(turn(call('submit', '{"skill": "unterminated')), submit(STAY));
    const result = await reflect();
    expect(result.record.rejections).toEqual([['BAD_ARGUMENTS']]);
    expect(result.submission?.skill).toBe(STAY);
  });

  it('keeps the previous skill with SUBMISSIONS_EXHAUSTED when every submission is rejected', async () => {
    fake.script(submit(''), submit(''));
    const result = await reflect({ reflector: { model: 'fake-reflector', maxSubmissions: 2 } });
    expect(result.submission).toBeUndefined();
    expect(result.record).toMatchObject({ outcome: 'kept', keepReason: 'SUBMISSIONS_EXHAUSTED', submissions: 2 });
    expect(fake.completions()).toHaveLength(2);
  });
});

describe('the tool-call budget', () => {
  it('answers calls past the budget with TOOL_BUDGET_EXHAUSTED and never runs them', async () => {
    fake.script(...Array.from({ length: 20 }, () => turn(call('list_episodes'), call('read_curve'))));
    const result = await reflect({ reflector: { model: 'fake-reflector', maxToolCalls: 3, maxSubmissions: 1 } });
    expect(result.record.toolCalls).toBe(3);
    expect(result.record.refusedCalls).toBeGreaterThan(0);
    expect(result.record).toMatchObject({ outcome: 'kept', keepReason: 'TOOL_BUDGET_EXHAUSTED' });
    expect(toolResults(fake, 2, 'read_curve').at(-1)).toContain('TOOL_BUDGET_EXHAUSTED');
  });

  it('bounds the conversation to maxToolCalls + maxSubmissions + 3 requests', async () => {
    fake.script(...Array.from({ length: 40 }, () => turn(call('list_episodes'))));
    await reflect({ reflector: { model: 'fake-reflector', maxToolCalls: 4, maxSubmissions: 2 } });
    expect(fake.completions()).toHaveLength(4 + 2 + 3);
  });

  it('forces the submit tool once the budget is spent', async () => {
    fake.script(turn(call('list_episodes')), turn(call('list_episodes')), submit(STAY));
    const result = await reflect({ reflector: { model: 'fake-reflector', maxToolCalls: 2 } });
    const choices = fake.completions().map((r) => (r.body as { tool_choice: unknown }).tool_choice);
    expect(choices).toEqual(['auto', 'auto', 'required']);
    // Forced, the submit tool is the only one offered.
    const offered = (fake.completions()[2]!.body as { tools: { function: { name: string } }[] }).tools.map((t) => t.function.name);
    expect(offered).toEqual(['submit']);
    expect(result.submission?.skill).toBe(STAY);
  });

  it('forces the submit on a server that takes tool_choice only as a string (llama.cpp)', async () => {
    fake.stringToolChoiceOnly(true);
    fake.script(turn(call('list_episodes')), submit(STAY));
    const result = await reflect({ reflector: { model: 'fake-reflector', maxToolCalls: 1 } });
    expect(fake.completions().map((r) => typeof (r.body as { tool_choice: unknown }).tool_choice)).toEqual(['string', 'string']);
    expect(result.record.outcome).toBe('accepted');
    expect(result.submission?.skill).toBe(STAY);
  });

  it('merges a note into the user message before it, so no two user turns are sent in a row', async () => {
    fake.script(turn(call('list_episodes')), { text: 'cut', finishReason: 'length' }, { text: 'cut again', finishReason: 'length' }, submit(STAY));
    const result = await reflect();
    expect(result.submission?.skill).toBe(STAY);
    for (const r of fake.completions()) {
      const roles = (r.body as { messages: { role: string }[] }).messages.map((m) => m.role);
      expect(roles.some((role, i) => role === 'user' && roles[i - 1] === 'user')).toBe(false);
    }
  });

  it('nudges a reflector that answers in plain text and counts the turn', async () => {
    fake.script({ text: 'I think the player should stand still.' }, submit(STAY));
    const result = await reflect();
    expect(result.record.turns).toBe(2);
    expect(result.submission?.skill).toBe(STAY);
  });
});

describe('tool answers', () => {
  it('answers an unknown tool with UNKNOWN_TOOL and an unknown episode with UNKNOWN_EPISODE', async () => {
    fake.script(turn(call('delete_everything'), call('read_episode', { episode: 7 })), submit(STAY));
    await reflect();
    const messages = fake.completions()[1]!.body as { messages: { role: string; content: string }[] };
    const tools = messages.messages.filter((m) => m.role === 'tool').map((m) => (JSON.parse(m.content) as { error: string }).error);
    expect(tools).toEqual(['UNKNOWN_TOOL', 'UNKNOWN_EPISODE']);
  });

  it('answers TOOL_FAILED when a frame on disk is damaged, and the reflection goes on', async () => {
    const damaged = join(tmp.dir, 'damaged');
    mkdirSync(join(damaged, 'frames'), { recursive: true });
    writeFileSync(join(damaged, 'frames', '0000-s0.jpg'), 'not a jpeg');
    writeFileSync(join(damaged, 'decisions.jsonl'), `${JSON.stringify({ slot: 0, step: 0, observedAtMs: 0, frame: 'frames/0000-s0.jpg', status: 'valid' })}\n`);
    const base = input();
    fake.script(turn(call('view_frames', { episode: 0, steps: [0] })), submit(STAY));
    const result = await runReflection({ ...base, episodes: [{ record: base.episodes[0]!.record, dir: damaged }] }, reflectorClient(fake), join(tmp.dir, 'damaged.jsonl'));
    expect(toolResults(fake, 1, 'view_frames')[0]).toContain('TOOL_FAILED');
    expect(result.submission?.skill).toBe(STAY);
  });

  it('shows the current, base and best skills with scores through read_skills', async () => {
    fake.script(turn(call('read_skills')), submit(STAY));
    const base = { round: 1, skill: STAY, mean: 0.05 };
    await runReflection({ ...input(), round: 2, played: { round: 2, skill: 'Walk.', mean: 0.01 }, base, best: base, rollback: { toRound: 1, mean: 0.01, bestMean: 0.05, ratio: 0.5 } }, reflectorClient(fake), join(tmp.dir, 'skills.jsonl'));
    const skills = JSON.parse(toolResults(fake, 1, 'read_skills')[0]!) as { played: { round: number }; base: { round: number; text: string }; best: { mean: number } };
    expect(skills.played.round).toBe(2);
    expect(skills.base).toMatchObject({ round: 1, text: STAY });
    expect(skills.best.mean).toBe(0.05);
    const opening = (fake.completions()[0]!.body as { messages: { content: string }[] }).messages[1]!.content;
    expect(opening).toContain('ROLLBACK');
  });
});

describe('reflector failures', () => {
  it('throws PROVIDER_ERROR when the reflector endpoint fails', async () => {
    fake.script({ status: 400 });
    const err = await reflect().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ArenaError);
    expect((err as ArenaError).code).toBe(ErrorCode.PROVIDER_ERROR);
  });

  it('stops the curve with the error in curve.json, and the same call resumes it', async () => {
    const dir = join(tmp.dir, 'failing-curve');
    fake.script({ status: 500 });
    const err = await runTestCurve(dir, fake, fastSettings()).catch((e: unknown) => e);
    expect((err as ArenaError).code).toBe(ErrorCode.PROVIDER_ERROR);
    expect(readCurveState(join(dir, 'curve.json'))).toMatchObject({ status: 'stopped', error: { code: 'PROVIDER_ERROR' } });
    fake.script(submit(STAY));
    const played: (PlayerContext & { skill: string })[] = [];
    const state = await runTestCurve(dir, fake, fastSettings(), { log: played });
    expect(state.status).toBe('complete');
    expect(played.map((c) => c.round)).toEqual([1]);
  }, 60_000);
});

describe('a runaway or overflowing reflector', () => {
  it('sends an output cap by default', async () => {
    fake.script(submit(STAY));
    await reflect();
    expect((fake.completions()[0]!.body as Record<string, unknown>)['max_completion_tokens']).toBe(4096);
  });

  it('drops a turn the output cap cut off, asks for a shorter one, and accepts the next submission', async () => {
    fake.script({ text: 'Let me think. '.repeat(500), finishReason: 'length' }, submit(STAY));
    const result = await reflect();
    expect(result.submission?.skill).toBe(STAY);
    const second = requestMessages(fake, 1);
    expect(second.some((m) => m.role === 'assistant')).toBe(false);
    expect(String(second.at(-1)?.content)).toMatch(/cut off at the output limit of 4096 tokens/);
  });

  it('retries once from the opening when the conversation overflows the context (HTTP 400), then submits', async () => {
    // The opening's size, from a reflection that submits at once.
    fake.script(submit(STAY));
    await reflect();
    const opening = fake.completions()[0]!.raw.length;
    // The opening fits; with an episode read into the conversation, it does not.
    fake.limitContext(opening + 400);
    fake.script(turn(call('read_episode', { episode: 0 })), submit(STAY));
    const result = await reflect();
    expect(result.submission?.skill).toBe(STAY);
    const [, readIt, refused, retried] = fake.completions();
    expect(readIt!.raw.length).toBeLessThanOrEqual(opening + 400);
    expect(refused!.raw.length).toBeGreaterThan(opening + 400);
    const retriedMessages = (retried!.body as { messages: { role: string; content: unknown }[] }).messages;
    expect(retriedMessages.some((m) => m.role === 'tool')).toBe(false);
    expect(String(retriedMessages.at(-1)?.content)).toMatch(/no longer fit the context/);
  });

  it('stops with PROVIDER_ERROR when even the opening overflows the context', async () => {
    fake.limitContext(100);
    const err = await reflect().then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(ArenaError);
    expect((err as ArenaError).code).toBe(ErrorCode.PROVIDER_ERROR);
    expect(fake.completions()).toHaveLength(1);
  });
});
