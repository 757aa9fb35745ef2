/** Entry point of the tic_tac_toe game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { ticTacToeGame } from './index.js';

await runGameProcess(ticTacToeGame);
