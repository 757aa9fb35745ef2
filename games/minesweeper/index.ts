/** minesweeper: a solo puzzle generated to be solvable without guessing. */
export { minesweeperGame, minesweeperRules } from './game.js';
export { minesweeperTasks } from './tasks.js';
export { generate as generateMinesweeper, solveByLogic } from './rules.js';
export { VARIANTS as MINESWEEPER_VARIANTS } from './variants.js';
