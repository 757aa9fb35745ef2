/** Entry point of the solo_craft game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { soloCraftGame } from './index.js';

await runGameProcess(soloCraftGame);
