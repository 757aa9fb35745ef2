import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createVlmAgent } from '../agents/index.js';
import { runMatch, type MatchSpec } from '../gateway/index.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
let provider: FakeProvider;
beforeEach(async () => {
  runs = tempRunsDir();
  provider = await startFakeProvider();
});
afterEach(async () => {
  await provider.close();
  runs.cleanup();
});

const vlm = (extra: Record<string, unknown> = {}) => createVlmAgent({ baseUrl: provider.url, model: 'fake-vlm', maxSide: 320, retryBaseMs: 10, ...extra });
const spec = (over: Partial<MatchSpec>): MatchSpec => ({ game: 'last_stand', runsDir: runs.dir, clock: 'pdq', stepBudget: 3, slots: [], ...over });

interface ImagePart {
  type: string;
  image_url?: { url: string };
}
const imageParts = (body: unknown): string[] =>
  (body as { messages: { content: string | ImagePart[] }[] }).messages
    .flatMap((m): ImagePart[] => (Array.isArray(m.content) ? m.content : []))
    .filter((p) => p.type === 'image_url')
    .map((p) => p.image_url!.url);

describe('a match with the VLM agent', () => {
  it('plays last_stand and records timings, tokens and exactly what the model saw', async () => {
    provider.script({ text: '<|action_start|>10 0 0 ; W ; W <|action_end|>', delayMs: 30, usage: { promptTokens: 900, completionTokens: 20 } });
    const result = await runMatch(spec({ slots: [{ slot: 0, agent: vlm() }] }));
    expect(result.status).toBe('complete');
    const run = readRun(result.dir);
    expect(run.decisions).toHaveLength(3);
    const first = run.decisions[0] as { frame: string; timings: { ttftMs: number; wallMs: number }; usage: { tokensIn: number; tokensOut: number; images: number }; sentImage: { file: string; sha256: string; width: number; height: number }; systemPrompt?: string; status: string };
    expect(first.status).toBe('valid');
    expect(first.timings.ttftMs).toBeGreaterThanOrEqual(30);
    expect(first.timings.wallMs).toBeGreaterThanOrEqual(first.timings.ttftMs);
    expect(first.usage).toMatchObject({ tokensIn: 900, tokensOut: 20, images: 1 });
    // The system prompt is kept once; the image the model got is on disk and is the one in the request.
    expect(first.systemPrompt).toContain('Last Stand');
    expect((run.decisions[1] as { systemPrompt?: string }).systemPrompt).toBeUndefined();
    expect([first.sentImage.width, first.sentImage.height]).toEqual([320, 180]);
    const sent = readFileSync(join(result.dir, first.sentImage.file));
    const url = imageParts(provider.completions()[0]!.body)[0]!;
    expect(url).toBe(`data:image/jpeg;base64,${sent.toString('base64')}`);
    const meta = await sharp(sent).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 320, 180]);
    // One JPEG per decision: the image the model got is the decision's recorded frame, not a second encode.
    expect(first.sentImage.file).toBe(first.frame);
    expect(readdirSync(join(result.dir, 'frames')).sort()).toEqual(['0000-s0.jpg', '0001-s0.jpg', '0002-s0.jpg']);
    // The model never gets privileged state.
    for (const r of provider.completions()) expect(r.raw).not.toContain('warnLeftMs');
  });

  it('turns garbage answers into counted no-ops', async () => {
    provider.script({ garbage: true }, { text: '<|action_start|>0 0 0 ; D <|action_end|>' }, { garbage: true });
    const result = await runMatch(spec({ slots: [{ slot: 0, agent: vlm() }] }));
    expect(result.players[0]!.invalid).toBe(2);
    expect(readRun(result.dir).decisions.map((d) => [d.status, d.invalidReason])).toEqual([
      ['invalid', 'NO_ACTION'],
      ['valid', undefined],
      ['invalid', 'NO_ACTION'],
    ]);
  });

  it('retries a 429 and records it, without charging the retry to the game', async () => {
    provider.script({ status: 429, retryAfter: '0' }, { text: '<|action_start|>0 0 0 ; W <|action_end|>' });
    const result = await runMatch(spec({ clock: 'lcrt', stepBudget: 1, slots: [{ slot: 0, agent: vlm(), latency: { kind: 'wall' } }] }));
    const d = readRun(result.dir).decisions[0] as { timings: { retries: number; retryMs: number; wallMs: number }; chargedMs: number };
    expect(d.timings.retries).toBe(1);
    expect(d.timings.retryMs).toBeGreaterThan(0);
    expect(d.chargedMs).toBeCloseTo(d.timings.wallMs - d.timings.retryMs, 5);
  });

  it('makes a hung call a PROVIDER_TIMEOUT no-op and goes on when declared noop', async () => {
    provider.script({ hang: true }, { text: '<|action_start|>0 0 0 ; W <|action_end|>' });
    const result = await runMatch(spec({ onDecisionError: 'noop', stepBudget: 3, slots: [{ slot: 0, agent: vlm({ timeoutMs: 300, retries: 0 }) }] }));
    expect(result.status).toBe('complete');
    const run = readRun(result.dir);
    expect(run.decisions.map((d) => d.status)).toEqual(['failed', 'valid', 'valid']);
    expect((run.decisions[0] as { error: { code: string } }).error.code).toBe('PROVIDER_TIMEOUT');
    expect(result.players[0]!.failed).toBe(1);
  });

  it('ends the match on a hung call when configured, as an infrastructure failure', async () => {
    provider.script({ hang: true });
    const result = await runMatch(spec({ onDecisionError: 'end', slots: [{ slot: 0, agent: vlm({ timeoutMs: 300, retries: 0 }) }] }));
    expect(result.status).toBe('incomplete');
    expect(result.error).toMatchObject({ code: 'PROVIDER_TIMEOUT', class: 'infrastructure' });
    expect(existsSync(join(result.dir, 'decisions.jsonl'))).toBe(true);
  });
});
