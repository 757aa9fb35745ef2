import { describe, expect, it } from 'vitest';
import { checkChunk, formatChunk, parseAnswer, type ActionChunk } from './action-chunk.js';
import { canonicalControl, controlKey, type ControlSet } from './controls.js';

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

describe('checkChunk', () => {
  it('checks a built chunk as its JSON form would parse, canonical names and all', () => {
    const chunk = { look: { dx: -20, dy: 0 }, steps: [['w'], ['W', 'space', 'W'], ['lmb']] };
    expect(checkChunk(chunk, controls)).toEqual(parseAnswer(JSON.stringify({ look: [-20, 0], steps: chunk.steps }), controls));
    expect(checkChunk(chunk, controls)).toEqual({ ok: true, form: 'json', chunk: { look: { dx: -20, dy: 0 }, steps: [['W'], ['W', 'Space'], ['LMB']] } });
  });

  const bad: [string, unknown, string][] = [
    ['a control outside the set', { look: { dx: 0, dy: 0 }, steps: [['Q']] }, 'BAD_CONTROL'],
    ['a move on an axis the game lacks', { look: { dx: 0, dy: 5 }, steps: [['W']] }, 'BAD_AXIS'],
    ['a move past the limit', { look: { dx: 91, dy: 0 }, steps: [['W']] }, 'LOOK_TOO_LARGE'],
    ['too many steps', { look: { dx: 0, dy: 0 }, steps: [[], [], [], [], []] }, 'TOO_MANY_STEPS'],
    ['no steps', { look: { dx: 0, dy: 0 }, steps: [] }, 'NO_STEPS'],
    ['a move that is not a number', { look: { dx: Number.NaN, dy: 0 }, steps: [['W']] }, 'MALFORMED'],
    ['steps that are not lists of names', { look: { dx: 0, dy: 0 }, steps: [[1]] }, 'MALFORMED'],
  ];
  for (const [what, chunk, reason] of bad) {
    it(`gives ${reason} for ${what}, as the JSON form would`, () => {
      const r = checkChunk(chunk as ActionChunk, controls);
      expect(r.ok ? 'ok' : r.reason).toBe(reason);
      const c = chunk as { look: { dx: number; dy: number }; steps: unknown };
      expect(r).toEqual(parseAnswer(JSON.stringify({ look: [c.look.dx, c.look.dy], steps: c.steps }), controls));
    });
  }
});

describe('the case rule for control names', () => {
  it('finds the control set spelling of a name in any case, and nothing for other names', () => {
    expect(canonicalControl('space', controls.keys)).toBe('Space');
    expect(canonicalControl('SPACE', controls.keys)).toBe('Space');
    expect(canonicalControl('w', controls.keys)).toBe('W');
    expect(canonicalControl('Q', controls.keys)).toBeUndefined();
    expect(controlKey('Space')).toBe(controlKey('sPACE'));
  });
});
