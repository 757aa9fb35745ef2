/** Entry point of the midline_clash game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { midlineClashGame } from './index.js';

await runGameProcess(midlineClashGame);
