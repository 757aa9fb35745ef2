/** Entry point of the probe test game's process. Set PROBE_CRASH_AFTER_MS to make it exit mid-match. */
import { runGameProcess } from '../../games/runtime/serve.js';
import { probeEntry, probeGame } from './probe-game.js';

const crashAfter = Number(process.env.PROBE_CRASH_AFTER_MS ?? '0');
if (crashAfter > 0) setTimeout(() => process.exit(3), crashAfter);
await runGameProcess(probeGame, probeEntry);
