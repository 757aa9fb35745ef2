/** games: the reference games and the renderer they share. */
import type { GameDefinition } from './host/simulation.js';
import { lastStandGame } from './last-stand/index.js';

export { lastStandGame } from './last-stand/index.js';
export * from './render/index.js';

/** Every reference game this package serves, in listing order. */
export const builtinGames: readonly GameDefinition[] = [lastStandGame];
