/**
 * Both Video-Arena protocols against the fake provider on real H.264 videos: the native request's frames and
 * timestamps (20 s: 20 frames; 300 s: 256), frame width, byte-identical task text; the agentic tool loop with a
 * scripted model, its sandbox (no ground truth in it), caps and tool records; failure classes and resuming.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseModelRoute, readCases, runCases, type CaseResult, type ModelRouteInput, type Protocol } from '../perception/index.js';
import { auditSandbox } from '../perception/protocols/agentic-sandbox.js';
import { IMAGE_DROPPED, IMAGE_MESSAGES_KEPT } from '../perception/protocols/agentic-run.js';
import { FIXTURE_CASES, fixtureTask, useFixtureGoldenSet } from './support/golden-set.js';
import { useFakeProvider, type FakeProvider, type FakeReply } from './support/fake-provider.js';

const fixture = useFixtureGoldenSet('arena-pscore-');
const fake = useFakeProvider();

let outCount = 0;
function freshOut(): string {
  return join(fixture().root, `results-${++outCount}`);
}

type Part = { type: string; text?: string; image_url?: { url: string } };
type Msg = { role: string; content: string | Part[] | null; tool_calls?: unknown[]; tool_call_id?: string };

function body(f: FakeProvider, n: number): { messages: Msg[]; tools?: unknown[] } {
  return f.completions()[n]!.body as { messages: Msg[]; tools?: unknown[] };
}

const partsOf = (m: Msg): Part[] => (typeof m.content === 'string' ? [{ type: 'text', text: m.content }] : (m.content ?? []));

async function run(protocol: Protocol, only: string[], out: string, route: Partial<ModelRouteInput> = {}, agentic = { maxTurns: 200, wallClockS: 7200 }): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  await runCases({ dir: fixture().golden, out, protocol, route: parseModelRoute({ model: 'fake-vlm', baseUrl: fake().url, retries: 0, ...route }), concurrency: 1, agentic, only, signal: new AbortController().signal, onCase: (r) => results.push(r) });
  return results;
}

const refsOf = (id: string): unknown[] => FIXTURE_CASES.find((c) => c.id === id)!.refs as unknown[];

describe('native protocol', () => {
  it('sends a 20 s video as 20 frames at 0..19 s with the timestamp array, the task text unchanged and no tools, once', async () => {
    fake().script({ text: JSON.stringify({ tuples: refsOf('duel-short') }) });
    const [r] = await run('native', ['duel-short'], freshOut());
    expect(fake().completions()).toHaveLength(1);
    const b = body(fake(), 0);
    expect(b.tools).toBeUndefined();
    expect(b.messages).toHaveLength(1);
    const parts = partsOf(b.messages[0]!);
    expect(parts.filter((p) => p.type === 'image_url')).toHaveLength(20);
    const times = Array.from({ length: 20 }, (_, i) => i);
    expect(parts.some((p) => p.text?.includes(JSON.stringify(times)))).toBe(true);
    const task = fixtureTask(FIXTURE_CASES.find((c) => c.id === 'duel-short')!);
    expect(parts.some((p) => p.text?.includes(`\n${task}\n`))).toBe(true);
    expect(r).toMatchObject({ outcome: 'ok', protocol: 'native', native: { frames: 20, timestamps: times } });
    expect(r!.tuples).toEqual(refsOf('duel-short'));
  });

  it('sends a 300 s video as 256 frames spread uniformly, the last one interval before the end', async () => {
    fake().script({ text: '{"tuples": []}' });
    const [r] = await run('native', ['duel-long'], freshOut());
    const parts = partsOf(body(fake(), 0).messages[0]!);
    expect(parts.filter((p) => p.type === 'image_url')).toHaveLength(256);
    const times = Array.from({ length: 256 }, (_, i) => Math.round(((i * 300) / 256) * 1000) / 1000);
    expect(r!.native!.timestamps).toEqual(times);
    expect(times.at(-1)).toBeCloseTo(300 - 300 / 256, 2);
    expect(parts.some((p) => p.text?.includes(JSON.stringify(times)))).toBe(true);
  });

  it('scales a 1280 px video to 768 px wide, aspect kept', async () => {
    fake().script({ text: '{"tuples": []}' });
    await run('native', ['race-wide'], freshOut());
    const image = partsOf(body(fake(), 0).messages[0]!).find((p) => p.type === 'image_url')!;
    const meta = await sharp(Buffer.from(image.image_url!.url.split(',')[1]!, 'base64')).metadata();
    expect([meta.width, meta.height]).toEqual([768, 432]);
  });

  it('keeps an unreadable answer as invalid output with no tuples, and a fenced JSON answer as ok', async () => {
    fake().script({ garbage: true }, { text: `Here:\n\`\`\`json\n${JSON.stringify({ tuples: refsOf('race-wide') })}\n\`\`\`` });
    const out = freshOut();
    const [bad] = await run('native', ['duel-short'], out);
    const [good] = await run('native', ['race-wide'], out);
    expect(bad).toMatchObject({ outcome: 'invalid-output', tuples: [] });
    expect(bad!.reason).toBeDefined();
    expect(good).toMatchObject({ outcome: 'ok', tuples: refsOf('race-wide') });
  });

  it('classes a provider timeout as an infrastructure failure and runs it again on resume, skipping complete results', async () => {
    fake().script({ hang: true });
    const out = freshOut();
    const [failed] = await run('native', ['duel-short'], out, { timeoutMs: 300 });
    expect(failed).toMatchObject({ outcome: 'infrastructure', infraClass: 'provider-timeout', error: { code: 'PROVIDER_TIMEOUT' } });
    fake().script({ text: '{"tuples":[]}' });
    const again = await run('native', ['duel-short'], out);
    expect(again[0]!.outcome).toBe('ok');
    const before = fake().completions().length;
    await run('native', ['duel-short'], out);
    expect(fake().completions()).toHaveLength(before);
  });

  it('classes an HTTP error with its status', async () => {
    fake().script({ status: 400 });
    const [r] = await run('native', ['race-wide'], freshOut());
    expect(r).toMatchObject({ outcome: 'infrastructure', infraClass: 'provider-http', error: { code: 'PROVIDER_ERROR', status: 400 } });
  });
});

const call = (name: string, args: Record<string, unknown> = {}): FakeReply => ({ toolCalls: [{ name, arguments: args }] });

describe('agentic protocol', () => {
  it('runs a scripted tool loop: probe, frames, write_answer, finish; every call recorded, answer.json scored', async () => {
    const refs = refsOf('duel-short');
    fake().script(call('probe'), call('frames', { start_s: 0, end_s: 10, count: 3, width: 200 }), call('write_answer', { tuples: refs }), call('finish'));
    const [r] = await run('agentic', ['duel-short'], freshOut());
    expect(fake().completions()).toHaveLength(4);
    expect(r).toMatchObject({ outcome: 'ok', protocol: 'agentic', tuples: refs, agentic: { turns: 4, finished: true } });
    expect(r!.agentic!.toolCalls.map((c) => [c.name, c.images])).toEqual([['probe', 0], ['frames', 3], ['write_answer', 0], ['finish', 0]]);
    for (const c of r!.agentic!.toolCalls) expect(c.resultBytes).toBeGreaterThan(0);
    const second = body(fake(), 1);
    expect(second.tools!.length).toBe(6);
    const probe = second.messages.find((m) => m.role === 'tool')!;
    expect(JSON.parse(probe.content as string)).toMatchObject({ durationS: 20, width: 320, height: 180, codec: 'h264' });
    const third = body(fake(), 2).messages;
    const images = partsOf(third.at(-1)!).filter((p) => p.type === 'image_url');
    expect(images).toHaveLength(3);
    const meta = await sharp(Buffer.from(images[0]!.image_url!.url.split(',')[1]!, 'base64')).metadata();
    expect(meta.width).toBe(200);
    const task = fixtureTask(FIXTURE_CASES.find((c) => c.id === 'duel-short')!);
    expect(partsOf(body(fake(), 0).messages[1]!).some((p) => p.text === `=== TASK (task.md) ===\n${task}\n=== END OF TASK ===`)).toBe(true);
  });

  it('audits its sandbox before the run: only video.mp4, task.md and answer.json, no reference, then removes it', async () => {
    fake().script(call('finish'));
    const [r] = await run('agentic', ['duel-short'], freshOut());
    const audit = r!.agentic!.audit;
    expect(audit).toMatchObject({ clean: true, findings: [] });
    expect(audit.files.map((f) => f.name)).toEqual(['answer.json', 'task.md', 'video.mp4']);
    expect(audit.dir.startsWith(fixture().golden)).toBe(false);
    expect(existsSync(audit.dir)).toBe(false);
    expect(r).toMatchObject({ outcome: 'ok', tuples: [] });
  });

  it('finds a references file, a label file or a stray entry in a sandbox', () => {
    const dir = mkdtempSync(join(tmpdir(), 'arena-audit-'));
    try {
      const c = readCases(fixture().golden).find((x) => x.info.id === 'race-wide')!;
      writeFileSync(join(dir, 'video.mp4'), readFileSync(c.videoPath));
      writeFileSync(join(dir, 'task.md'), c.task);
      writeFileSync(join(dir, 'answer.json'), readFileSync(join(fixture().golden, 'references', 'race-wide.json')));
      mkdirSync(join(dir, 'references'));
      const audit = auditSandbox(dir, fixture().golden, 'race-wide');
      expect(audit.clean).toBe(false);
      expect(audit.findings).toEqual(expect.arrayContaining(['answer.json is a copy of ground truth', 'unexpected entry references', 'references is not a regular file']));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses bad arguments, unknown tools, bad tuples and times past the video with a code, and keeps going', async () => {
    fake().script(
      { toolCalls: [{ name: 'frames', arguments: { start_s: 5, end_s: 1, count: 2 } }, { name: 'shell', arguments: { cmd: 'ls' } }, { name: 'frame_at', arguments: '{not json' }] },
      call('write_answer', { tuples: [{ t: -1, event: 'goal' }] }),
      call('frame_at', { t: 999 }),
      call('finish'),
    );
    const [r] = await run('agentic', ['duel-short'], freshOut());
    expect(r!.agentic!.toolCalls.map((c) => c.error)).toEqual(['BAD_ARGUMENTS', 'UNKNOWN_TOOL', 'BAD_ARGUMENTS', 'BAD_TUPLES', 'NO_FRAME', undefined]);
    expect(r).toMatchObject({ outcome: 'ok', tuples: [] });
  });

  it('stops at the turn cap as budget-bound and scores what answer.json holds', async () => {
    const refs = refsOf('race-wide');
    fake().script(call('write_answer', { tuples: refs }), call('probe'), call('probe'));
    const [r] = await run('agentic', ['race-wide'], freshOut(), {}, { maxTurns: 2, wallClockS: 7200 });
    expect(r).toMatchObject({ outcome: 'budget-bound', reason: 'turns', tuples: refs, agentic: { turns: 2, finished: false } });
    expect(fake().completions()).toHaveLength(2);
  });

  it('stops at the wall-clock cap as budget-bound', async () => {
    fake().script({ hang: true });
    const [r] = await run('agentic', ['race-wide'], freshOut(), {}, { maxTurns: 200, wallClockS: 0.3 });
    expect(r).toMatchObject({ outcome: 'budget-bound', reason: 'wall-clock', tuples: [] });
  });

  it('keeps the images of the newest 8 frame messages only, older ones giving way to a note', async () => {
    fake().script(...Array.from({ length: 10 }, (_, i) => call('frame_at', { t: i / 2, width: 64 })), call('finish'));
    const [r] = await run('agentic', ['race-wide'], freshOut());
    expect(r!.agentic!.toolCalls.filter((c) => c.images === 1)).toHaveLength(10);
    const last = body(fake(), 10).messages.flatMap(partsOf);
    expect(last.filter((p) => p.type === 'image_url')).toHaveLength(IMAGE_MESSAGES_KEPT);
    expect(last.filter((p) => p.text === IMAGE_DROPPED)).toHaveLength(10 - IMAGE_MESSAGES_KEPT);
  });

  it('nudges a turn without a tool call and counts it', async () => {
    fake().script({ text: 'thinking' }, call('finish'));
    const [r] = await run('agentic', ['race-wide'], freshOut());
    expect(r!.agentic!.turns).toBe(2);
    expect(body(fake(), 1).messages.at(-1)).toMatchObject({ role: 'user' });
  });
});
