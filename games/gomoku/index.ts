/** gomoku: black against a pattern-search white, five in a row. */
export { gomokuGame, gomokuRules } from './game.js';
export { gomokuTasks } from './tasks.js';
export { VARIANTS as GOMOKU_VARIANTS } from './variants.js';
