/** games-manifest: what games exist, how to launch them, their controls, progress, variants and prompts. */
export * from './schema.js';
export * from './defaults.js';
export * from './registry.js';
export * from './prompt.js';
export * from './environment.js';
export * from './ue5-maps.js';
export * from './omnigamearena/index.js';
