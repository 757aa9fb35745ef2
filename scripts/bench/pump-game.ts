/**
 * A game that costs nothing to simulate or draw: each frame is a pre-rendered buffer copied out, so a
 * benchmark through it measures the frame path (host, link, gateway), not the game.
 */
import type { GameEntry } from '../../games-manifest/index.js';
import type { GameDefinition, Simulation } from '../../games/index.js';

export function pumpEntry(width: number, height: number): GameEntry {
  return {
    id: 'pump',
    name: 'Pump',
    regime: 'solo',
    view: 'side',
    summary: 'benchmark game: frames without simulation',
    slots: [{ slot: 0, team: 0 }],
    controls: { keys: ['W'], buttons: [], tapControls: [], mouseAxes: [], maxLookDeg: 1, chunkSteps: 1, stepMs: 10, tapMs: 10 },
    frame: { width, height },
    timeLimitMs: 10_000_000,
    stepBudget: 1_000_000,
    progress: 'none',
    variants: [{ id: 'origin', heldOut: false, description: 'the only one' }],
    prompt: { rules: '-', screen: '-', controls: '-' },
    launch: { kind: 'builtin', module: 'scripts/bench/pump-game.ts' },
  };
}

/** A deterministic, photo-like test image (so JPEG sizes are realistic rather than trivially small). */
export function testImage(width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      out[i] = (x * 255) / width;
      out[i + 1] = (y * 255) / height;
      out[i + 2] = ((x * y) >> 4) & 255;
    }
  }
  return out;
}

export function pumpGame(width: number, height: number): GameDefinition {
  const image = testImage(width, height);
  const sim: Simulation = {
    tickMs: 10,
    input: () => undefined,
    tick: () => undefined,
    render: (_slot, w, h, out) => out.set(image.subarray(0, w * h * 3)),
    progress: () => [{ slot: 0, progress: 0, score: 0 }],
    drainEvents: () => [],
    state: () => ({}),
    ended: () => undefined,
  };
  return { id: 'pump', build: 'pump@1', variants: ['origin'], slots: [{ slot: 0, team: 0 }], create: () => sim };
}
