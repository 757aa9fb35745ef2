/** Entry point of the probe test game with a gamepad (its control set declares axes). */
import { runGameProcess } from '../../games/runtime/serve.js';
import { probeGame, probePadEntry } from './probe-game.js';

await runGameProcess(probeGame, probePadEntry);
