/** Entry point of the crystal_guard game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { crystalGuardGame } from './index.js';

await runGameProcess(crystalGuardGame);
