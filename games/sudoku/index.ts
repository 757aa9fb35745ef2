/** sudoku: a solo puzzle with a unique solution. */
export { sudokuGame, sudokuRules } from './game.js';
export { sudokuTasks } from './tasks.js';
export { generateSudoku, countSolutions } from './rules.js';
export { VARIANTS as SUDOKU_VARIANTS } from './variants.js';
