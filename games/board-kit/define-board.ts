/** A board game's definition for the host: one player slot, its rules driven by the shared turn simulation. */
import { defineGame } from '../common/define-game.js';
import type { GameDefinition } from '../runtime/simulation.js';
import { BoardSimulation } from './board-simulation.js';
import type { TurnRules } from './turn-rules.js';

/** The GameDefinition of a turn-based board (the opponent, if any, is part of the rules). */
export function defineBoard<V extends { readonly id: string }, S, M>(spec: { id: string; build: string; variants: readonly V[]; rules: TurnRules<V, S, M> }): GameDefinition {
  return defineGame({ id: spec.id, build: spec.build, variants: spec.variants, slots: [{ slot: 0, team: 0 }], start: (variant, options) => new BoardSimulation(spec.rules, variant, options) });
}
