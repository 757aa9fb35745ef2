/** Entry point of the handoff_run game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { handoffRunGame } from './index.js';

await runGameProcess(handoffRunGame);
