/** scene_escape: work through an indoor task chain, using each named object in turn, and escape. */
export { sceneEscapeGame } from './game.js';
export { SceneEscapeSimulation } from './simulation.js';
export { SceneEscapeState, SceneEscapeBoxState } from './state.js';
export { Rules as SceneEscapeRules } from './rules.js';
export { VARIANTS as SCENE_ESCAPE_VARIANTS, type SceneEscapeVariant } from './variants.js';
