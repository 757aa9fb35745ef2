import { describe, expect, it } from 'vitest';
import { MAX_MOVE_LENGTH, type ControlSet } from './controls.js';
import { formatChunk, parseAnswer } from './action-chunk.js';
import { parseMoveAnswer } from './move-answer.js';

const board: ControlSet = { keys: [], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 180, chunkSteps: 1, stepMs: 1000, tapMs: 1, move: { notation: 'a cell', example: 'b2' } };

describe('move answers of turn-based games', () => {
  it.each([
    ['I take the centre. <|action_start|>b2<|action_end|>', 'b2', 'text'],
    ['<|action_start|> e7e8q <|action_end|>', 'e7e8q', 'text'],
    ['<|action_start|>O-O<|action_end|>', 'O-O', 'text'],
    ['<|action_start|>Nxf3+<|action_end|>', 'Nxf3+', 'text'],
    ['<|action_start|>c2=4<|action_end|>', 'c2=4', 'text'],
    ['The format is <|action_start|>MOVE<|action_end|>; mine: <|action_start|>d3<|action_end|>', 'd3', 'text'],
    ['{"move": "e2e4"}', 'e2e4', 'json'],
  ])('reads %j as the move %s', (answer, move, form) => {
    expect(parseMoveAnswer(answer)).toEqual({ ok: true, chunk: { look: { dx: 0, dy: 0 }, steps: [[]], move }, form });
  });

  it.each([
    ['', 'EMPTY_ANSWER'],
    ['I would play b2', 'NO_ACTION'],
    ['<|action_start|>b2', 'MALFORMED'],
    ['<|action_start|><|action_end|>', 'MALFORMED'],
    ['<|action_start|>e2 e4<|action_end|>', 'MALFORMED'],
    ['<|action_start|>b2, c3<|action_end|>', 'MALFORMED'],
    ['<|action_start|>0 0 0 ; W ; W<|action_end|>', 'MALFORMED'],
    [`<|action_start|>${'a'.repeat(MAX_MOVE_LENGTH + 1)}<|action_end|>`, 'MALFORMED'],
    ['{"move": 5}', 'MALFORMED'],
  ])('refuses %j with %s', (answer, reason) => {
    expect(parseMoveAnswer(answer)).toMatchObject({ ok: false, reason });
  });

  it('parseAnswer takes moves for a control set with a notation, and formatChunk writes them back', () => {
    const parsed = parseAnswer('<|action_start|>b2<|action_end|>', board);
    expect(parsed).toMatchObject({ ok: true, chunk: { move: 'b2' } });
    if (parsed.ok) expect(formatChunk(parsed.chunk)).toBe('<|action_start|>b2<|action_end|>');
    expect(parseAnswer('<|action_start|>0 0 0 ; W<|action_end|>', board)).toMatchObject({ ok: false, reason: 'MALFORMED' });
  });
});
