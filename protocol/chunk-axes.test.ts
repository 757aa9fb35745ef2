import { describe, expect, it } from 'vitest';
import { checkChunk, formatChunk, parseAnswer, type ActionChunk } from './action-chunk.js';
import { ControlSet, InputEvent } from './controls.js';
import { AgentAction } from './agent-link.js';

const keysOnly: ControlSet = { keys: ['W', 'A', 'S', 'D', 'Space'], buttons: ['LMB'], tapControls: ['LMB'], mouseAxes: ['x'], maxLookDeg: 90, chunkSteps: 4, stepMs: 120, tapMs: 30 };
const pad: ControlSet = { ...keysOnly, axes: ['LX', 'LY', 'RT'] };
const chunkText = (body: string): string => `<|action_start|>${body}<|action_end|>`;

describe('gamepad axes in the chunk text', () => {
  it('reads AXIS=VALUE tokens among a step\'s controls, in any case, one map per step', () => {
    const r = parseAnswer(chunkText('0 0 0 ; W LX=0.5 ly=-1 ; LX=-0.25 , RT=1 ; ; S'), pad);
    expect(r).toEqual({
      ok: true,
      form: 'text',
      chunk: { look: { dx: 0, dy: 0 }, steps: [['W'], [], [], ['S']], axes: [{ LX: 0.5, LY: -1 }, { LX: -0.25, RT: 1 }, {}, {}] },
    });
  });

  it('reads them in the JSON form\'s step lists too', () => {
    const r = parseAnswer('{"look": [10, 0], "steps": [["W", "LX=1"], ["RT=0.5"]]}', pad);
    expect(r).toEqual({ ok: true, form: 'json', chunk: { look: { dx: 10, dy: 0 }, steps: [['W'], []], axes: [{ LX: 1 }, { RT: 0.5 }] } });
  });

  it('leaves a chunk without axis tokens as it was: no axes field, on a game with or without axes', () => {
    for (const answer of [chunkText('15 0 0 ; W A ; W ; ; LMB'), '{"look": [-20, 0], "steps": [["W"], ["W", "Space"]]}', chunkText('0 0 0 ; Q')]) {
      expect(parseAnswer(answer, pad)).toEqual(parseAnswer(answer, keysOnly));
    }
    const r = parseAnswer(chunkText('0 0 0 ; W'), pad);
    expect(r.ok && 'axes' in r.chunk).toBe(false);
  });

  const refused: [string, ControlSet, string, RegExp][] = [
    ['a stick past 1', pad, '0 0 0 ; LX=1.5', /LX takes values in \[-1, 1\], not 1\.5/],
    ['a stick past -1', pad, '0 0 0 ; LY=-1.01', /LY takes values in \[-1, 1\]/],
    ['a trigger below 0', pad, '0 0 0 ; RT=-0.2', /RT takes values in \[0, 1\]/],
    ['an axis set twice in a step', pad, '0 0 0 ; LX=0.5 LX=0.2', /LX is set twice/],
  ];
  it.each(refused)('refuses %s with BAD_AXIS', (_what, controls, body, detail) => {
    const r = parseAnswer(chunkText(body), controls);
    expect(r).toMatchObject({ ok: false, reason: 'BAD_AXIS' });
    expect(!r.ok && r.detail).toMatch(detail);
  });

  it('refuses an axis the game does not declare, and a name that is no axis, with BAD_CONTROL as an unknown key', () => {
    const undeclared = parseAnswer(chunkText('0 0 0 ; W RX=0.5'), pad);
    expect(undeclared).toEqual({ ok: false, reason: 'BAD_CONTROL', detail: "'RX' is not a gamepad axis of this game (its axes: LX, LY, RT)" });
    const unknown = parseAnswer(chunkText('0 0 0 ; ZZ=0.5'), pad);
    expect(unknown).toMatchObject({ ok: false, reason: 'BAD_CONTROL' });
  });

  it('refuses an axis on a game without axes exactly as before: an unknown control', () => {
    expect(parseAnswer(chunkText('0 0 0 ; W LX=0.5'), keysOnly)).toEqual({ ok: false, reason: 'BAD_CONTROL', detail: "'LX=0.5' is not a control of this game" });
  });

  it('refuses an axis token without a number as MALFORMED', () => {
    for (const token of ['LX=', 'LX=fast', 'LX=0.5=1', '=0.5']) {
      expect(parseAnswer(chunkText(`0 0 0 ; ${token}`), pad)).toMatchObject({ ok: false, reason: token === '=0.5' ? 'BAD_CONTROL' : 'MALFORMED' });
    }
  });

  it('writes axes back in the text form, which parses to the same chunk', () => {
    const chunk: ActionChunk = { look: { dx: 5, dy: 0 }, steps: [['W'], [], ['A']], axes: [{ LY: 1, LX: 0.5 }, { RT: 1 }, {}] };
    const text = formatChunk(chunk);
    expect(text).toBe('<|action_start|>5 0 0 ; W LX=0.5 LY=1 ; RT=1 ; A <|action_end|>');
    expect(parseAnswer(text, pad)).toEqual({ ok: true, form: 'text', chunk: { ...chunk, axes: [{ LX: 0.5, LY: 1 }, { RT: 1 }, {}] } });
  });
});

describe('gamepad axes in a chunk an agent built', () => {
  const base = { look: { dx: 0, dy: 0 }, steps: [['W'], ['W'], []] };
  it('checks one axis map per step and pads missing ones', () => {
    const r = checkChunk({ ...base, axes: [{ LX: 0.3 }, { lx: -0.3 } as never] }, pad);
    expect(r).toEqual({ ok: true, form: 'json', chunk: { ...base, axes: [{ LX: 0.3 }, { LX: -0.3 }, {}] } });
  });

  const bad: [string, unknown, string][] = [
    ['more maps than steps', [{}, {}, {}, { LX: 1 }], 'MALFORMED'],
    ['a map that is a list', [[1]], 'MALFORMED'],
    ['a value that is no number', [{ LX: 'left' }], 'MALFORMED'],
    ['a value out of range', [{ RT: 2 }], 'BAD_AXIS'],
    ['an undeclared axis', [{ RY: 0.5 }], 'BAD_CONTROL'],
  ];
  it.each(bad)('refuses %s', (_what, axes, reason) => {
    expect(checkChunk({ ...base, axes } as unknown as ActionChunk, pad)).toMatchObject({ ok: false, reason });
  });

  it('refuses axes on a game that declares none', () => {
    const r = checkChunk({ ...base, axes: [{ LX: 0.5 }] }, keysOnly);
    expect(r).toMatchObject({ ok: false, reason: 'BAD_CONTROL' });
    expect(!r.ok && r.detail).toMatch(/its axes: none/);
  });

  it('carries axis maps on the AgentLink action message', () => {
    const msg = { type: 'action', step: 3, chunk: { look: [0, 0], steps: [['W']], axes: [{ LX: 0.5, RT: 1 }] } };
    expect(AgentAction.parse(msg)).toEqual(msg);
    expect(AgentAction.safeParse({ ...msg, chunk: { ...msg.chunk, axes: [{ LX: 'left' }] } }).success).toBe(false);
  });
});

describe('gamepad axes in the wire schemas', () => {
  it('declares axes in a control set, known names only', () => {
    expect(ControlSet.safeParse(pad).success).toBe(true);
    expect(ControlSet.safeParse({ ...keysOnly, axes: ['LX', 'Z'] }).success).toBe(false);
  });

  it('takes an axis input with a stick in [-1, 1] and a trigger in [0, 1]', () => {
    const at = { at: 120, slot: 0 };
    expect(InputEvent.safeParse({ type: 'axis', ...at, axis: 'LX', value: -1 }).success).toBe(true);
    expect(InputEvent.safeParse({ type: 'axis', ...at, axis: 'RT', value: 1 }).success).toBe(true);
    expect(InputEvent.safeParse({ type: 'axis', ...at, axis: 'LX', value: 1.2 }).success).toBe(false);
    const trigger = InputEvent.safeParse({ type: 'axis', ...at, axis: 'LT', value: -0.5 });
    expect(trigger.success).toBe(false);
    expect(trigger.error?.issues[0]?.message).toMatch(/trigger axis takes values in \[0, 1\]/);
    expect(InputEvent.safeParse({ type: 'axis', ...at, axis: 'Gamepad_LeftX', value: 0 }).success).toBe(false);
  });
});
