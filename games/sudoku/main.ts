/** Entry point of the sudoku game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { sudokuGame } from './index.js';

await runGameProcess(sudokuGame);
