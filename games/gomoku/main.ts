/** Entry point of the gomoku game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { gomokuGame } from './index.js';

await runGameProcess(gomokuGame);
