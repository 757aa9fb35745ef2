/** Entry point of the reversi game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { reversiGame } from './index.js';

await runGameProcess(reversiGame);
