/** games-manifest: what games exist, how to launch them, their controls, progress, variants and prompts. */
export {
  DesktopProbe,
  DesktopReady,
  DesktopRecipe,
  GameEntry,
  LaunchRecipe,
  LogRule,
  Regime,
  RemoteInputRecipe,
  Variant,
  View,
} from './schema.js';
export { RunDefaults } from './defaults.js';
export { getGame, getVariant, listGames } from './registry.js';
export { actionFormatText, composeGamePrompt } from './prompt.js';
export { entryAt, type Environment, genericEntry, isEnvironmentUrl, parseEnvironment } from './environment.js';
export { ue5Maps } from './ue5-maps.js';
