import { describe, expect, it } from 'vitest';
import type { ControlSet } from '../protocol/index.js';
import { compileChunk, releaseAll, withAxes } from './chunk-compiler.js';

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

  it('sets gamepad axes at the start of each step that changes them, back to rest where a step leaves them out and at the end', () => {
    const pad: ControlSet = { ...controls, axes: ['LX', 'LY', 'RT'] };
    const chunk = { look: { dx: 0, dy: 0 }, steps: [['W'], ['W'], [], ['F']], axes: [{ LX: 0.5, RT: 1 }, { LX: 0.5, LY: -1 }, {}, { LY: 0.25 }] };
    const c = compileChunk(chunk, pad, 0);
    expect(sig(c)).toEqual(['0 W down', '0 LX=0.5', '0 RT=1', '120 LY=-1', '120 RT=0', '240 W up', '240 LX=0', '240 LY=0', '360 F down', '360 LY=0.25', '390 F up', '480 LY=0']);
    expect(c.durationMs).toBe(480);
    // Keys are compiled as without axes; the axis events only add to them.
    const keysOnly = compileChunk({ look: chunk.look, steps: chunk.steps }, pad, 0);
    expect(c.inputs.filter((e) => e.type !== 'axis')).toEqual(keysOnly.inputs);
  });

  it('adds axes to a schedule of other rules, and lets them rest on release', () => {
    const pad: ControlSet = { ...controls, axes: ['LX'] };
    const other = { inputs: [{ type: 'key' as const, at: 90, slot: 2, key: 'W', down: true }], durationMs: 240 };
    expect(withAxes(other, { look: { dx: 0, dy: 0 }, steps: [['W'], ['W']] }, 120, 2)).toBe(other);
    const joined = withAxes(other, { look: { dx: 0, dy: 0 }, steps: [[], []], axes: [{}, { LX: -1 }] }, 120, 2);
    expect(sig(joined)).toEqual(['90 W down', '120 LX=-1', '240 LX=0']);
    expect(sig({ inputs: releaseAll(pad, 0, 50), durationMs: 0 }).slice(-1)).toEqual(['50 LX=0']);
    expect(releaseAll(controls, 0).some((e) => e.type === 'axis')).toBe(false);
  });
});
