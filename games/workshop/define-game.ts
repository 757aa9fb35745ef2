/** Turns a workshop game's spec (id, title, regime, slots, variants) into the definition the host serves. */
import { defineGame } from '../common/define-game.js';
import type { GameDefinition } from '../runtime/simulation.js';
import type { PerceptionAdapter } from '../runtime/perception.js';
import { WorkshopSimulation } from './simulation.js';
import type { WorkshopGameSpec } from './variant.js';

/** The GameDefinition of a workshop game; unknown variants throw RangeError. */
export function defineWorkshopGame(spec: WorkshopGameSpec, perception?: PerceptionAdapter): GameDefinition {
  return defineGame({ ...spec, ...(perception ? { perception } : {}), start: (variant, options) => new WorkshopSimulation(spec, variant, options) });
}
