/** Entry point of the obstacle_run_2d game process: serves GameLink on $ARENA_PORT (0 = any free port). */
import { runGameProcess } from '../runtime/serve.js';
import { obstacleRun2dGame } from './index.js';

await runGameProcess(obstacleRun2dGame);
