/** Entry point of the shared_floor game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { sharedFloorGame } from './index.js';

await runGameProcess(sharedFloorGame);
