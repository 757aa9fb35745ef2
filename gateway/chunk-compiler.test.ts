import { describe, expect, it } from 'vitest';
import type { ControlSet } from '../protocol/index.js';
import { compileChunk } from './chunk-compiler.js';

const controls: ControlSet = { keys: ['W', 'A', 'S', 'D', 'Space', 'F'], buttons: ['LMB'], tapControls: ['F', 'LMB'], mouseAxes: ['x', 'y'], maxLookDeg: 90, chunkSteps: 6, stepMs: 120, tapMs: 30 };
const sig = (c: ReturnType<typeof compileChunk>): string[] =>
  c.inputs.map((e) => (e.type === 'look' ? `${e.at} look ${e.dx},${e.dy}` : e.type === 'move' ? `${e.at} move ${e.move}` : e.type === 'axis' ? `${e.at} ${e.axis}=${e.value}` : `${e.at} ${e.type === 'key' ? e.key : e.button} ${e.down ? 'down' : 'up'}`));

describe('compileChunk', () => {
  it('holds a key across consecutive steps without pressing it again, and releases it at the end', () => {
    const c = compileChunk({ look: { dx: 0, dy: 0 }, steps: [['W'], ['W'], ['W']] }, controls, 0);
    expect(sig(c)).toEqual(['0 W down', '360 W up']);
    expect(c.durationMs).toBe(360);
  });

  it('releases a key at the step where it stops being held and presses it again later', () => {
    const c = compileChunk({ look: { dx: 0, dy: 0 }, steps: [['W', 'A'], ['W'], [], ['A']] }, controls, 0);
    expect(sig(c)).toEqual(['0 W down', '0 A down', '120 A up', '240 W up', '360 A down', '480 A up']);
  });

  it('holds tap controls for tapMs at the start of each step that names them', () => {
    const c = compileChunk({ look: { dx: 0, dy: 0 }, steps: [['F'], ['F'], ['LMB']] }, controls, 1);
    expect(sig(c)).toEqual(['0 F down', '30 F up', '120 F down', '150 F up', '240 left down', '270 left up']);
    expect(c.inputs.every((e) => e.slot === 1)).toBe(true);
  });

  it('moves the mouse once at the chunk start', () => {
    const c = compileChunk({ look: { dx: 15, dy: -5 }, steps: [['S']] }, controls, 0);
    expect(sig(c)).toEqual(['0 look 15,-5', '0 S down', '120 S up']);
  });

  it('compiles an empty chunk to no inputs over its steps', () => {
    const c = compileChunk({ look: { dx: 0, dy: 0 }, steps: [[], []] }, controls, 0);
    expect(c.inputs).toEqual([]);
    expect(c.durationMs).toBe(240);
  });

  it('sends a turn-based game one move per chunk, and an empty move for a no-op (the game counts it invalid)', () => {
    const board: ControlSet = { keys: [], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 180, chunkSteps: 1, stepMs: 1000, tapMs: 1, move: { notation: 'a cell', example: 'b2' } };
    expect(sig(compileChunk({ look: { dx: 0, dy: 0 }, steps: [[]], move: 'b2' }, board, 0))).toEqual(['0 move b2']);
    const noop = compileChunk({ look: { dx: 0, dy: 0 }, steps: [[]] }, board, 0);
    expect(sig(noop)).toEqual(['0 move ']);
    expect(noop.durationMs).toBe(1000);
  });
});
