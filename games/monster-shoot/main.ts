/** Entry point of the monster_shoot game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { monsterShootGame } from './index.js';

await runGameProcess(monsterShootGame);
