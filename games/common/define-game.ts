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

/**
 * The variant as the run plays it: a variant with a timer whose limit is longer than the run's plays to the
 * run's, so its progress, its win at the end and its HUD's countdown all mean the run's own limit.
 */
export function withRunLimit<V extends { readonly id: string }>(variant: V, runLimitMs: number | undefined): V {
  if (runLimitMs === undefined || !('timeLimitMs' in variant) || typeof variant.timeLimitMs !== 'number' || runLimitMs >= variant.timeLimitMs) return variant;
  return { ...variant, timeLimitMs: runLimitMs };
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
      return spec.start(withRunLimit(variant, options.timeLimitMs), options);
    },
  };
}
