/** Entry point of the last_stand game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { lastStandGame } from './index.js';

await runGameProcess(lastStandGame);
