/** cue_chase: follow hints from person to person in a plaza, trading the held item along a chain. */
export { cueChaseGame } from './game.js';
export { CueChaseSimulation } from './simulation.js';
export { CueChaseState, CueChaseBoxState } from './state.js';
export { Rules as CueChaseRules } from './rules.js';
export { VARIANTS as CUE_CHASE_VARIANTS, type CueChaseVariant, type HintKind as CueChaseHintKind } from './variants.js';
