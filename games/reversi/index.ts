/** reversi: black against an alpha-beta white. */
export { reversiGame, reversiRules, openedBoard } from './game.js';
export { reversiTasks } from './tasks.js';
export { VARIANTS as REVERSI_VARIANTS } from './variants.js';
