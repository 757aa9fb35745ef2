/**
 * What gamepad axes cost a decision: parsing a 6-step answer (the chunk text) against the control set and
 * compiling it into timed input, with axis settings in every step, against the same answer with keys only.
 */
import { parseAnswer, type ControlSet } from '../../protocol/index.js';
import { compileChunk } from '../../gateway/index.js';
import { measure, type Timing } from './stats.js';

const CONTROLS: ControlSet = { keys: ['W', 'A', 'S', 'D', 'Space'], buttons: ['LMB'], tapControls: ['LMB'], mouseAxes: ['x', 'y'], maxLookDeg: 180, chunkSteps: 6, stepMs: 120, tapMs: 30, axes: ['LX', 'LY', 'RX', 'RY', 'LT', 'RT'] };
const KEYS = '<|action_start|>15 -5 0 ; W A ; W ; W D ; W ; S ; Space <|action_end|>';
const AXES = '<|action_start|>15 -5 0 ; W A LX=-0.5 LY=1 ; W LY=1 ; W D LX=0.5 LY=1 ; W RT=1 ; S LY=-1 ; Space RX=0.25 <|action_end|>';

export interface GamepadChunkCost {
  readonly keys: Timing;
  readonly axes: Timing;
}

async function cost(answer: string, items: number, repeats: number): Promise<Timing> {
  return measure(items, repeats, async () => {
    for (let i = 0; i < items; i++) {
      const parsed = parseAnswer(answer, CONTROLS);
      if (!parsed.ok) throw new Error(`bench answer refused: ${parsed.detail}`);
      compileChunk(parsed.chunk, CONTROLS, 0);
    }
  });
}

/** Parse-and-compile time per decision of both answers, `items` decisions per repeat. */
export async function benchGamepadChunks(items: number, repeats: number): Promise<GamepadChunkCost> {
  return { keys: await cost(KEYS, items, repeats), axes: await cost(AXES, items, repeats) };
}
