/** The OmniGameArena profile: the published runner's per-game settings, chunk grammar, timeline, scores and maps. */
export * from './games.js';
export * from './runner-chunk.js';
export * from './runner-score.js';
export * from './runner-maps.js';
export * from './runner-recipe.js';
export * from './runner-prompt.js';
