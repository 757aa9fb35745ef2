/** Entry point of the chess game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { chessGame } from './index.js';

await runGameProcess(chessGame);
