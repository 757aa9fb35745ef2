/**
 * What judging a frame (docs/frame-integrity.md) costs an observation: `FrameIntegrityCheck.check` on a
 * sequence of last_stand frames at 640 x 360 with input between them, against the observation's own cost in
 * the same run: the one JPEG encode of a raw frame (the recorder's, or the agent's), and for frames the game
 * sends as JPEG, the game's encode at the source.
 */
import { encodeJpeg } from '../../frame-images/index.js';
import { FrameIntegrityCheck } from '../../gateway/index.js';
import { decodedBlockHash } from '../../protocol/index.js';
import { lastStandGame } from '../../games/index.js';
import type { Frame } from '../../protocol/index.js';
import { measure, type Timing } from './stats.js';

const WIDTH = 640;
const HEIGHT = 360;

export interface IntegrityCost {
  readonly frames: number;
  readonly rgb: { readonly check: Timing; readonly observation: Timing };
  readonly jpeg: { readonly check: Timing; readonly observation: Timing };
  /** JPEG frames hashed as before the DC reader: a small decode through sharp. */
  readonly jpegDecoded: { readonly check: Timing; readonly observation: Timing };
}

/** `count` frames of last_stand, the camera turning 5 degrees between them, raw and as JPEG. */
async function frames(count: number): Promise<{ rgb: Frame[]; jpeg: Frame[] }> {
  const sim = lastStandGame.create({ seed: 6, variant: 'waves', slots: [0] });
  const rgb: Frame[] = [];
  const jpeg: Frame[] = [];
  for (let i = 0; i < count; i++) {
    sim.input({ type: 'look', at: 0, slot: 0, dx: 5, dy: 0 });
    for (let t = 0; t < 12; t++) sim.tick();
    const data = new Uint8Array(WIDTH * HEIGHT * 3);
    sim.render(0, WIDTH, HEIGHT, data);
    const base = { type: 'frame', slot: 0, simMs: i * 200, seq: i, width: WIDTH, height: HEIGHT } as const;
    rgb.push({ ...base, encoding: 'rgb', data });
    jpeg.push({ ...base, encoding: 'jpeg', data: (await encodeJpeg({ seq: i, width: WIDTH, height: HEIGHT, encoding: 'rgb', data }, { quality: 85 })).data });
  }
  return { rgb, jpeg };
}

async function checkCost(list: readonly Frame[], repeats: number, decoded = false): Promise<Timing> {
  return measure(list.length, repeats, async () => {
    const check = decoded ? new FrameIntegrityCheck(undefined, decodedBlockHash) : new FrameIntegrityCheck();
    for (const f of list) {
      check.noteInputs(1);
      await check.check(0, f, f.simMs);
    }
  });
}

/** Check and observation costs per frame, medians over `repeats`. */
export async function benchFrameIntegrity(count: number, repeats: number): Promise<IntegrityCost> {
  const { rgb, jpeg } = await frames(count);
  const encodeAll = async (): Promise<void> => {
    for (const f of rgb) await encodeJpeg(f, { quality: 85 });
  };
  const observation = await measure(rgb.length, repeats, encodeAll);
  return {
    frames: count,
    rgb: { check: await checkCost(rgb, repeats), observation },
    // A frame the game sends as JPEG was encoded once at the source: that encode is its observation's cost.
    jpeg: { check: await checkCost(jpeg, repeats), observation },
    jpegDecoded: { check: await checkCost(jpeg, repeats, true), observation },
  };
}
