/**
 * The service reads the benchmark score under the profile: a build run whose raw score (12.5) lies beyond our
 * normalised progress's [0, 1] lists, in the runs browser (`GET /api/runs`), its unclamped benchmark score.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { getGame, runnerEntry, RUNNER_GAMES, type GameEntry } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import { listRuns } from '../serve/runs-browser.js';
import { startFakeRemoteInput, type FakeRemoteInput } from './support/fake-remote-input.js';
import { tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

let fake: FakeRemoteInput | undefined;
const cleanups: (() => void)[] = [];
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  for (const c of cleanups.splice(0)) c();
});

describe('the service under the omnigamearena profile', () => {
  it("lists a run's benchmark score raw, beside our clamped progress", async () => {
    fake = await startFakeRemoteInput({}, 1);
    fake.score = 12.5;
    const shaped = runnerEntry(getGame('last_stand'), RUNNER_GAMES.last_stand!, { kind: 'remote-input', host: '127.0.0.1', port: fake.ports[0]! }, { origin: '/Game/Fixture/last_stand' });
    const entry: GameEntry = { ...shaped, launch: { ...(shaped.launch as Extract<GameEntry['launch'], { kind: 'remote-input' }>), ports: [...fake.ports], mapWaitMs: 0 } };
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    const result = await runMatch({ game: 'last_stand', entry, profile: 'omnigamearena', stepBudget: 1, observationDelayMs: 0, runsDir: runs.dir, slots: [{ slot: 0, agent: new ScriptAgent([{ answer: '<|action_start|>0 0 ; W<|action_end|>' }]) }] });
    expect(result.benchmark?.scores).toEqual([12.5]);
    const [listed] = listRuns({ runsDir: runs.dir, workDir: runs.dir, jobs: () => new Map() });
    expect(listed!.benchmark).toEqual([12.5]);
    expect(listed!.players![0]!.progress).toBeLessThanOrEqual(1);
  }, 30_000);

  it('lists no benchmark score for a run under our profile', async () => {
    const runs = tempRunsDir();
    cleanups.push(runs.cleanup);
    await runMatch({ game: 'last_stand', stepBudget: 1, runsDir: runs.dir, slots: [{ slot: 0, agent: new ScriptAgent([{ answer: '<|action_start|>0 0 0 ; W<|action_end|>' }]) }] });
    const [listed] = listRuns({ runsDir: runs.dir, workDir: runs.dir, jobs: () => new Map() });
    expect(listed!.benchmark).toBeUndefined();
    expect(listed!.players).toHaveLength(1);
  }, 30_000);
});
