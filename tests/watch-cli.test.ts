/**
 * `arena watch` end to end: a real short match (built-in agents, the real game process) watched by a model
 * served by the fake OpenAI-compatible provider, through the command line. The provider answers questions and
 * polls by what the request asks; the checks read the run's files.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POLL_TEXT, scoreProactive, type QaRecord, type RequestRecord, type TargetWindow } from '../perception/index.js';
import { readJsonl } from '../gateway/index.js';
import { watchCommand } from '../scripts/commands/watch.js';
import { runArena } from './support/arena-process.js';
import { startFakeProvider, type FakeProvider, type FakeReply } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';

let provider: FakeProvider;
let tmp: ReturnType<typeof tempRunsDir>;
beforeEach(async () => {
  provider = await startFakeProvider();
  tmp = tempRunsDir();
});
afterEach(async () => {
  await provider.close();
  tmp.cleanup();
});

interface Part {
  type: string;
  text?: string;
  image_url?: { url: string };
}
interface Body {
  messages: { role: string; content: string | Part[] }[];
}
const lastText = (body: unknown): string => {
  const parts = (body as Body).messages.at(-1)!.content;
  return Array.isArray(parts) ? (parts.filter((p) => p.type === 'text').at(-1)?.text ?? '') : parts;
};

/** Questions get option 1 or "0"; every third poll says "A", the rest are silent. */
function responder(): (body: unknown) => FakeReply {
  let polls = 0;
  return (body) => {
    const text = lastText(body);
    if (text === POLL_TEXT) return { text: polls++ % 3 === 2 ? 'A' : 'NONE' };
    return { text: text.includes('whole number') ? '0' : '1' };
  };
}

interface WatchJson {
  conditions: Record<string, unknown>;
  match: { status: string; simMs: number };
  metrics: { qa: Record<string, number | null>; proactive: Record<string, number | null>; frames: Record<string, number> };
  qa: QaRecord[];
  proactive: { windows: TargetWindow[]; responses: { onsetMs: number; content: string }[] };
}
const readWatch = (dir: string): { watch: WatchJson; requests: RequestRecord[] } => ({
  watch: JSON.parse(readFileSync(join(dir, 'watch.json'), 'utf8')) as WatchJson,
  requests: readJsonl<RequestRecord>(join(dir, 'requests.jsonl')),
});

const base = (out: string): string[] => ['watch', '--game', 'sky_duel', '--agents', 'scripted,random', '--model', 'fake-vlm', '--base-url', provider.url, '--out', out, '--quiet'];

describe('arena watch', () => {
  it('watches a pdq match: QA and proactive records, declared conditions, causal frames only', async () => {
    provider.respond(responder());
    const out = join(tmp.dir, 'pdq');
    const r = await runArena([...base(out), '--time-limit', '20', '--qa-every', '4', '--deployment', 'local-service']);
    expect(r.stderr).not.toMatch(/arena: /);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^arena watch: sky_duel\/origin seed 1 pdq/);
    const { watch, requests } = readWatch(out);
    expect(watch.conditions).toMatchObject({ history: { kind: 'native', capFrames: 256 }, boundary: 'model+adapter', samplingFps: 1, deployment: 'local-service', model: 'fake-vlm', clock: 'pdq', provider: provider.url });
    expect(watch.match.status).toBe('complete');
    // One QA request per question, every fourth second of game time the match reached.
    const asked = watch.qa.map((q) => q.question.askMs);
    expect(asked).toEqual([4_000, 8_000, 12_000, 16_000, 20_000].filter((q) => q <= watch.match.simMs));
    expect(requests.filter((x) => x.task === 'qa')).toHaveLength(asked.length);
    for (const q of watch.qa) {
      expect(q.question.evidenceMs).toBeLessThanOrEqual(q.question.askMs);
      expect(q.correct).toBe(q.question.answer === (q.question.options ? '1' : '0'));
    }
    expect(watch.metrics.qa.accuracy).toBeCloseTo(watch.qa.filter((q) => q.correct).length / watch.qa.length, 10);
    expect(watch.metrics.qa.completionRate).toBe(1);
    expect(watch.metrics.qa.invalidOutputRate).toBe(0);
    // Every request holds frames at or before its query time only, and the native conversation grows.
    for (const x of requests) for (const t of x.history.frameTimes) expect(t).toBeLessThanOrEqual(x.atMs);
    const qaImages = requests.filter((x) => x.task === 'qa').map((x) => x.history.images);
    expect(qaImages).toEqual([...qaImages].sort((a, b) => a - b));
    expect(watch.metrics.qa.submittedImages).toBe(qaImages.reduce((a, b) => a + b, 0));
    // The proactive metrics are the scorer's over the recorded windows and responses.
    const again = scoreProactive(watch.proactive.windows, watch.proactive.responses);
    expect(watch.metrics.proactive).toMatchObject({ inWindowAccuracy: again.inWindowAccuracy, falseAlarmRate: again.falseAlarmRate, missRate: again.missRate, medianResponseDelayMs: again.medianDelayMs });
    expect(watch.proactive.responses.every((x) => x.content === 'A')).toBe(true);
    expect(watch.proactive.responses.length).toBe(Math.floor(watch.metrics.proactive.polls! / 3));
    // The model saw images, labels, the questions and the instruction: nothing of the game's state.
    for (const c of provider.completions()) {
      for (const m of (c.body as Body).messages) {
        const parts = Array.isArray(m.content) ? m.content : [{ type: 'text', text: m.content }];
        for (const p of parts) {
          if (p.type === 'image_url') expect(p.image_url!.url).toMatch(/^data:image\/jpeg;base64,/);
          else expect(p.text).not.toMatch(/"hp"|targetHp|"x":/);
        }
      }
    }
    expect(readFileSync(join(out, 'summary.txt'), 'utf8')).toBe(r.stdout.slice(0, r.stdout.lastIndexOf(join(out, 'watch.json'))));
  }, 60_000);

  it('watches a realtime match through a causal window', async () => {
    provider.respond(responder());
    const out = join(tmp.dir, 'rt');
    const r = await runArena([...base(out), '--clock', 'realtime', '--history', 'window:3', '--time-limit', '5', '--qa-every', '2', '--fps', '2']);
    expect(r.code).toBe(0);
    const { watch, requests } = readWatch(out);
    expect(watch.conditions).toMatchObject({ clock: 'realtime', history: { kind: 'window', seconds: 3 }, samplingFps: 2 });
    for (const x of requests) {
      expect(x.history.turnsReplayed).toBe(0);
      expect(x.history.images).toBeLessThanOrEqual(6);
      for (const t of x.history.frameTimes) expect(t > x.atMs - 3_000 && t <= x.atMs).toBe(true);
    }
    expect(watch.qa.map((q) => q.question.askMs)).toEqual([2_000, 4_000]);
  }, 60_000);

  it('records a provider timeout as an incomplete response and still finishes', async () => {
    // The first question hangs past the deadline; the rest answer.
    let hung = false;
    provider.respond((body) => {
      const text = lastText(body);
      if (text === POLL_TEXT) return { text: 'NONE' };
      if (!hung) {
        hung = true;
        return { hang: true };
      }
      return { text: '2' };
    });
    const out = join(tmp.dir, 'timeout');
    const r = await runArena([...base(out), '--tasks', 'qa,proactive', '--time-limit', '12', '--qa-every', '4', '--request-timeout', '0.5', '--history', 'window:4']);
    expect(r.code).toBe(0);
    const { watch, requests } = readWatch(out);
    const failed = watch.qa.filter((q) => !q.ok);
    expect(failed).toHaveLength(1);
    expect(failed[0]!.error?.code).toBe('PROVIDER_TIMEOUT');
    expect(failed[0]!.correct).toBe(false);
    const n = watch.qa.length;
    expect(watch.metrics.qa.completionRate).toBeCloseTo((n - 1) / n, 10);
    expect(watch.metrics.qa.accuracy).toBeCloseTo(watch.qa.filter((q) => q.correct).length / n, 10);
    expect(requests.find((x) => x.task === 'qa' && !x.ok)?.error?.code).toBe('PROVIDER_TIMEOUT');
  }, 60_000);

  it('refuses bad input with a clear code before anything runs', async () => {
    const cases: [string[], string, RegExp][] = [
      [[...base(tmp.dir), '--fps', '0'], 'BAD_CONFIG', /--fps takes 0.1 to 10/],
      [[...base(tmp.dir), '--fps', 'fast'], 'BAD_CONFIG', /--fps takes a non-negative number/],
      [[...base(tmp.dir), '--history', 'window:0'], 'BAD_CONFIG', /--history takes/],
      [[...base(tmp.dir), '--monitor', 'goals'], 'BAD_CONFIG', /--monitor takes/],
      [[...base(tmp.dir), '--tasks', 'qa,chat'], 'BAD_CONFIG', /--tasks takes/],
      [[...base(tmp.dir), '--view', '5'], 'BAD_CONFIG', /--view 5/],
      [[...base(tmp.dir), '--agents', 'vlm,scripted'], 'BAD_CONFIG', /plays built-in agents only/],
      [['watch', '--game', 'sky_duel', '--model', 'm', '--base-url', provider.url], 'BAD_CONFIG', /needs --out DIR/],
      [['watch', '--game', 'no_such_game', '--model', 'm', '--base-url', provider.url, '--out', tmp.dir], 'UNKNOWN_GAME', /no_such_game/],
    ];
    for (const [args, code, message] of cases) {
      const err = await watchCommand(args.slice(1)).then(
        () => undefined,
        (e: unknown) => e as { code?: string; message?: string },
      );
      expect(err?.code, args.join(' ')).toBe(code);
      expect(err?.message).toMatch(message);
    }
    // Through the command line: exit 2 and the code on stderr.
    const r = await runArena(['watch', '--game', 'sky_duel', '--out', tmp.dir, '--base-url', provider.url]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/arena: BAD_CONFIG: arena watch needs the watcher model/);
    expect(provider.completions()).toHaveLength(0);
  });
});
