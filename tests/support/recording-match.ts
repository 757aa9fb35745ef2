/**
 * A child process that plays one recorded pdq match of last_stand (the scripted player, the game in process)
 * into `RUNS_DIR/RUN_ID`, printing `decision N` as each decision is settled, so a test can kill it at a
 * known point: `node --import tsx tests/support/recording-match.ts RUNS_DIR RUN_ID FRAMES`.
 */
import { createAgent } from '../../agents/index.js';
import { scriptedPolicies } from '../../games/index.js';
import { runMatch } from '../../gateway/index.js';
import { launchInProcess } from './in-process-game.js';

const [runsDir, runId, frames] = process.argv.slice(2);
await runMatch({
  game: 'last_stand',
  launch: launchInProcess,
  runsDir: runsDir!,
  runId: runId!,
  clock: 'pdq',
  seed: 3,
  stepBudget: 12,
  slots: [{ slot: 0, agent: createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 1 }) }],
  recordQueue: { frames: Number(frames) },
  onEvent: (e) => {
    if (e.type === 'decision') process.stdout.write(`decision ${e.step}\n`);
  },
});
