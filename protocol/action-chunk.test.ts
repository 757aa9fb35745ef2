import { describe, expect, it } from 'vitest';
import { formatChunk, parseAnswer } from './action-chunk.js';
import type { ControlSet } from './controls.js';

const controls: ControlSet = { keys: ['W', 'A', 'S', 'D', 'Space'], buttons: ['LMB'], tapControls: ['LMB'], mouseAxes: ['x'], maxLookDeg: 90, chunkSteps: 4, stepMs: 120, tapMs: 30 };

describe('parseAnswer', () => {
  it('parses the chunk text with mouse, held keys and empty steps', () => {
    const r = parseAnswer('thinking... <|action_start|>15 0 0 ; W A ; W ; ; LMB <|action_end|>', controls);
    expect(r).toEqual({ ok: true, form: 'text', chunk: { look: { dx: 15, dy: 0 }, steps: [['W', 'A'], ['W'], [], ['LMB']] } });
  });

  it('takes the last action block when the answer quotes the format first', () => {
    const r = parseAnswer('Format is <|action_start|>X Y Z ; k <|action_end|>. So: <|action_start|>0 0 0 ; D <|action_end|>', controls);
    expect(r.ok && r.chunk.steps).toEqual([['D']]);
  });

  it('matches control names case-insensitively and returns canonical names', () => {
    const r = parseAnswer('<|action_start|>0 0 0 ; w space <|action_end|>', controls);
    expect(r.ok && r.chunk.steps).toEqual([['W', 'Space']]);
  });

  it('parses the JSON form', () => {
    const r = parseAnswer('```json\n{"look": [-20, 0], "steps": [["W"], ["W", "Space"]]}\n```', controls);
    expect(r).toEqual({ ok: true, form: 'json', chunk: { look: { dx: -20, dy: 0 }, steps: [['W'], ['W', 'Space']] } });
  });

  const invalid: [string, string][] = [
    ['', 'EMPTY_ANSWER'],
    ['I go forward', 'NO_ACTION'],
    ['<|action_start|>0 0 0 ; W', 'MALFORMED'],
    ['<|action_start|>0 0 ; W <|action_end|>', 'MALFORMED'],
    ['<|action_start|>a b c ; W <|action_end|>', 'MALFORMED'],
    ['<|action_start|>0 0 0 ; Q <|action_end|>', 'BAD_CONTROL'],
    ['<|action_start|>0 5 0 ; W <|action_end|>', 'BAD_AXIS'],
    ['<|action_start|>0 0 3 ; W <|action_end|>', 'BAD_AXIS'],
    ['<|action_start|>120 0 0 ; W <|action_end|>', 'LOOK_TOO_LARGE'],
    ['<|action_start|>0 0 0 ; W ; W ; W ; W ; W <|action_end|>', 'TOO_MANY_STEPS'],
    ['<|action_start|>0 0 0 <|action_end|>', 'NO_STEPS'],
    ['{"steps": "W"}', 'MALFORMED'],
  ];
  for (const [answer, reason] of invalid) {
    it(`gives ${reason} for ${JSON.stringify(answer)}`, () => {
      const r = parseAnswer(answer, controls);
      expect(r.ok ? 'ok' : r.reason).toBe(reason);
    });
  }

  it('formats a chunk that parses back to itself', () => {
    const chunk = { look: { dx: 10, dy: 0 }, steps: [['W'], [], ['A', 'Space']] };
    const r = parseAnswer(formatChunk(chunk), controls);
    expect(r.ok && r.chunk).toEqual(chunk);
  });
});
