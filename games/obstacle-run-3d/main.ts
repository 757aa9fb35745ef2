/** Entry point of the obstacle_run_3d game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { obstacleRun3dGame } from './index.js';

await runGameProcess(obstacleRun3dGame);
