/** What a served game announces in its hello: from the backend and the game's manifest entry. */
import type { Capabilities } from '../protocol/index.js';
import { hostAxes, type GameEntry } from '../games-manifest/index.js';
import type { GameBackend } from './backend.js';

/** Capabilities announced in the hello, from the backend and the game's manifest entry. */
export function capabilitiesOf(backend: GameBackend, entry: GameEntry): Capabilities {
  const info = backend.info;
  return {
    frameSizes: [entry.frame],
    encodings: ['rgb', 'jpeg', 'png'],
    slots: info.slots.map((s) => ({ slot: s.slot, team: s.team })),
    // A game with a gamepad declaration takes its axes in any match, so its hello says so.
    controls: entry.gamepad === undefined ? entry.controls : { ...entry.controls, axes: [...hostAxes(entry)] },
    clock: { pause: true, exactAdvance: info.exactAdvance, timeScale: info.timeScale, tickMs: info.tickMs },
    privilegedState: info.privilegedState,
    variants: [...info.variants],
  };
}
