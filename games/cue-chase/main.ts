/** Entry point of the cue_chase game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { cueChaseGame } from './index.js';

await runGameProcess(cueChaseGame);
