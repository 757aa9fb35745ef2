/** Turns a game's id, variants and simulation constructor into the definition the GameLink host serves. */
import type { GameDefinition, Simulation, SimulationOptions } from '../runtime/simulation.js';
import type { PerceptionAdapter } from '../runtime/perception.js';

/** What a game declares: its id and build, its variants (by id), its slots, and how an episode starts. */
export interface GameSpec<V extends { readonly id: string }> {
  readonly id: string;
  readonly build: string;
  readonly variants: readonly V[];
  readonly slots: GameDefinition['slots'];
  readonly start: (variant: V, options: SimulationOptions) => Simulation;
  readonly perception?: PerceptionAdapter;
}

/** The GameDefinition of `spec`; an unknown variant throws RangeError. */
export function defineGame<V extends { readonly id: string }>(spec: GameSpec<V>): GameDefinition {
  return {
    id: spec.id,
    build: spec.build,
    variants: spec.variants.map((v) => v.id),
    slots: spec.slots,
    ...(spec.perception ? { perception: spec.perception } : {}),
    create(options) {
      const variant = spec.variants.find((v) => v.id === options.variant);
      if (variant === undefined) throw new RangeError(`${spec.id} has no variant '${options.variant}'`);
      return spec.start(variant, options);
    },
  };
}
