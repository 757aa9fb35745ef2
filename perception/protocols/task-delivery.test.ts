import { describe, expect, it } from 'vitest';
import { hasCode, ErrorCode } from '../../protocol/index.js';
import { ANSWER_SCHEMA_TEXT, readAnswer } from './answer-format.js';
import { deliveredTexts, preflight, taskBlock, type Protocol } from './task-delivery.js';

const task = '# duel\n\nList the goals.\n  trailing spaces stay  \n';

describe('pre-flight', () => {
  it('passes when both protocols carry task.md byte for byte and the same schema, and digests both', () => {
    const p = preflight(task);
    expect(p.taskSha256).toMatch(/^[0-9a-f]{64}$/);
    expect(p.schemaSha256).toMatch(/^[0-9a-f]{64}$/);
    for (const protocol of ['native', 'agentic'] as const) expect(deliveredTexts(protocol, task)).toContain(taskBlock(task));
  });

  it('fails with BAD_CONFIG when one protocol changes the task text', () => {
    const tampered = (p: Protocol, t: string): string[] => deliveredTexts(p, p === 'agentic' ? t.trimEnd() : t);
    let err: unknown;
    try {
      preflight(task, tampered);
    } catch (e) {
      err = e;
    }
    expect(hasCode(err, ErrorCode.BAD_CONFIG)).toBe(true);
    expect((err as Error).message).toContain('agentic');
  });

  it('fails with BAD_CONFIG when one protocol sends another answer schema root', () => {
    const other = (p: Protocol, t: string): string[] => deliveredTexts(p, t).map((s) => (p === 'native' && s.startsWith('Answer format:') ? s.replace(ANSWER_SCHEMA_TEXT, '{"type":"array"}') : s));
    expect(() => preflight(task, other)).toThrow(/native protocol's answer schema root differs/);
  });
});

describe('reading an answer', () => {
  const tuple = { t: 1.5, event: 'goal', who: 'A', update: 'score_a+1', state: '1-0' };

  it('reads the object form, a bare array and either inside a code fence or after prose', () => {
    for (const text of [JSON.stringify({ tuples: [tuple] }), JSON.stringify([tuple]), `\`\`\`json\n${JSON.stringify({ tuples: [tuple] })}\n\`\`\``, `Answer: ${JSON.stringify({ tuples: [tuple] })}`]) {
      expect(readAnswer(text)).toEqual({ ok: true, tuples: [tuple] });
    }
  });

  it('refuses text with no JSON, an object without tuples and a tuple with a bad field, saying which', () => {
    expect(readAnswer('no idea')).toMatchObject({ ok: false, reason: 'no JSON in the answer' });
    expect(readAnswer('{"events": []}')).toMatchObject({ ok: false, reason: 'the answer has no "tuples" array' });
    const bad = readAnswer(JSON.stringify({ tuples: [{ ...tuple, t: -2 }] }));
    expect(bad.ok).toBe(false);
    expect(!bad.ok && bad.reason).toContain('0.t');
    expect(readAnswer(JSON.stringify({ tuples: [{ ...tuple, extra: 1 }] })).ok).toBe(false);
  });
});
