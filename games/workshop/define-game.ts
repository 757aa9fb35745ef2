/** Turns a workshop game's spec (id, title, regime, slots, variants) into the definition the host serves. */
import type { GameDefinition } from '../host/simulation.js';
import { WorkshopSimulation } from './simulation.js';
import type { WorkshopGameSpec } from './variant.js';

/** The GameDefinition of a workshop game; unknown variants throw RangeError. */
export function defineWorkshopGame(spec: WorkshopGameSpec): GameDefinition {
  return {
    id: spec.id,
    build: spec.build,
    variants: spec.variants.map((v) => v.id),
    slots: spec.slots,
    create(options) {
      const variant = spec.variants.find((v) => v.id === options.variant);
      if (variant === undefined) throw new RangeError(`${spec.id} has no variant '${options.variant}'`);
      return new WorkshopSimulation(spec, variant, options);
    },
  };
}
