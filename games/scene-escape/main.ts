/** Entry point of the scene_escape game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { sceneEscapeGame } from './index.js';

await runGameProcess(sceneEscapeGame);
