/** Entry point of the sky_duel game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { skyDuelGame } from './index.js';

await runGameProcess(skyDuelGame);
