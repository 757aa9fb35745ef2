/**
 * `arena curve` end to end against a reflector whose answer runs away to its output cap (`finish_reason:
 * length`): the cut turn is dropped and never sent again. A first run whose provider then fails stops at round
 * 0; `arena curve --resume ID` goes on past round 0 through two more runaway turns.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readCurveState } from '../reflection/index.js';
import { runArena } from './support/arena-process.js';
import { submit } from './support/curve-fixtures.js';
import { useFakeProvider, type FakeProvider, type FakeReply } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';

const FIRST = 'Keep to the middle of the platform and watch the tiles around you.';
const SECOND = 'Keep to the middle and step away from tiles that flash red.';
const RAMBLE = 'Let me think about the platform once more. ';
/** An answer the output cap cut off: far longer than the cap, ending with `length`. */
const RUNAWAY: FakeReply = { text: RAMBLE.repeat(2000), finishReason: 'length' };
const CAP = 256;

const useFake = useFakeProvider();
let tmp: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  tmp = tempRunsDir();
});
afterEach(() => tmp.cleanup());

type TranscriptLine = { kind: string; content?: unknown; finishReason?: string | null; dropped?: boolean; truncatedTurns?: number };
const transcript = (dir: string, round: number): TranscriptLine[] =>
  readFileSync(join(dir, 'rounds', String(round), 'reflector.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as TranscriptLine);

/** Checks one reflection's first two requests: the one answered by a runaway, then one without it that carries the cap note. */
function expectDropped(requests: ReturnType<FakeProvider['completions']>): void {
  expect(requests.length).toBeGreaterThanOrEqual(2);
  for (const r of requests) expect((r.body as Record<string, unknown>)['max_completion_tokens']).toBe(CAP);
  const messages = (requests[1]!.body as { messages: { role: string; content: unknown }[] }).messages;
  expect(requests[1]!.raw).not.toContain(RAMBLE.repeat(2));
  expect(messages.some((m) => m.role === 'assistant')).toBe(false);
  expect(String(messages.at(-1)?.content)).toContain(`cut off at the output limit of ${CAP} tokens`);
}

describe('arena curve with a runaway reflector', () => {
  it('drops the cut turn each time, and after a stop at round 0 goes on past it with --resume', async () => {
    const fake = useFake();
    const out = join(tmp.dir, 'curves');
    const dir = join(out, 'runaway');
    const player = ['--game', 'last_stand', '--agent', 'random', '--held-out', 'none', '--episodes', '1', '--time-limit', '10', '--steps', '10', '--obs-delay', '0'];
    const reflector = ['--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url, '--reflector-max-tokens', String(CAP)];
    // The first run: the reflection after round 0 runs away, then the provider refuses the next request (a 400,
    // not retried), so the curve stops at round 0 with round 0 kept.
    fake.script(RUNAWAY, { status: 400 });
    const first = await runArena(['curve', ...player, ...reflector, '--rounds', '2', '--out', out, '--id', 'runaway', '--quiet']);
    expect(first.code, first.stderr).not.toBe(0);
    expect(first.stderr).toContain('PROVIDER_ERROR');
    const stopped = readCurveState(join(dir, 'curve.json'))!;
    expect(stopped).toMatchObject({ status: 'stopped', error: { code: 'PROVIDER_ERROR' } });
    expect(stopped.rounds.map((r) => r.round)).toEqual([0]);
    expect(stopped.rounds[0]!.finished).toBe(true);
    expectDropped(fake.completions());

    // The resume reflects after round 0 again: one more runaway turn is dropped each time, and the curve goes on.
    fake.script(RUNAWAY, submit(FIRST), RUNAWAY, submit(SECOND));
    const resumed = await runArena(['curve', '--resume', 'runaway', '--out', out, '--quiet']);
    expect(resumed.code, resumed.stderr).toBe(0);
    const after = readCurveState(join(dir, 'curve.json'))!;
    expect(after.status).toBe('complete');
    expect(after.rounds.map((r) => ({ skill: r.skill, source: r.source, episodes: r.episodes.length, finished: r.finished }))).toEqual([
      { skill: '', source: 'empty', episodes: 1, finished: true },
      { skill: FIRST, source: 'reflector', episodes: 1, finished: true },
      { skill: SECOND, source: 'reflector', episodes: 1, finished: true },
    ]);
    // The stored cap was used on resume; each reflection's second request left its runaway turn out.
    const requests = fake.completions();
    expect(requests).toHaveLength(6);
    expectDropped(requests.slice(2, 4));
    expectDropped(requests.slice(4, 6));
    for (const r of [1, 2]) {
      const t = transcript(dir, r);
      expect(t.filter((l) => l.dropped)).toMatchObject([{ kind: 'assistant', finishReason: 'length' }]);
      expect(t.at(-1)).toMatchObject({ kind: 'end', outcome: 'accepted', truncatedTurns: 1 });
    }
    expect(after.rounds[1]!.reflection).toMatchObject({ afterRound: 0, outcome: 'accepted', submissions: 1 });
    // No skill, notebook or diagnosis kept anything of the runaway answers.
    expect(JSON.stringify(after)).not.toContain(RAMBLE);
  }, 240_000);
});
