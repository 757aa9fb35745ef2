/** Entry point of the minesweeper game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { minesweeperGame } from './index.js';

await runGameProcess(minesweeperGame);
