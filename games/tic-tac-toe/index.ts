/** tic_tac_toe: X against a minimax O on a 3x3 grid. */
export { ticTacToeGame, ticTacToeRules } from './game.js';
export { ticTacToeTasks } from './tasks.js';
export { VARIANTS as TIC_TAC_TOE_VARIANTS } from './variants.js';
