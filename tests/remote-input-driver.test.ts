import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdleAgent } from '../agents/index.js';
import { createLastStandPolicy } from '../games/index.js';
import { launchGame, type GameEndpoint } from '../env-bridge/index.js';
import { serveRemoteInput, type RemoteInputServer } from '../game-host/index.js';
import { SimulationBackend, lastStandGame } from '../games/index.js';
import { getGame, type GameEntry, type RemoteInputRecipe } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import { probeEntry, probeGame } from './support/probe-game.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { holdChunk, ScriptAgent } from './support/test-agents.js';

let runs: ReturnType<typeof tempRunsDir>;
let server: RemoteInputServer | undefined;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  runs.cleanup();
});

/** last_stand as a RemoteInput build: our server on port 0, the manifest entry with a remote-input recipe. */
async function lastStandBuild(seed: number, variant = 'origin', recipe: Partial<RemoteInputRecipe> = {}): Promise<GameEntry> {
  server = await serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0, seed, variant });
  return {
    ...getGame('last_stand'),
    launch: { kind: 'remote-input', host: '127.0.0.1', basePort: server.ports[0]!, progress: { field: 'survival_time', max: 120 }, ...recipe },
  };
}

describe('remote-input driver against our RemoteInput server', () => {
  it('plays a pdq match of last_stand end to end with the scripted policy, reporting each advance as measured', async () => {
    // Seed 2: an idle player falls after 6.65 s; the scripted policy has to move to see 8 s.
    const entry = await lastStandBuild(2, 'origin', { timeScale: 4 });
    const result = await runMatch({
      game: 'last_stand',
      entry,
      runsDir: runs.dir,
      clock: 'pdq',
      observationDelayMs: 500,
      timeLimitMs: 8000,
      slots: [{ slot: 0, agent: createLastStandPolicy({ idleMs: 500 }) }],
    });
    expect(result.status).toBe('complete');
    expect(result.reason).toBe('time_limit');
    const run = readRun(result.dir);
    expect(run.meta).toMatchObject({ build: { game: 'last_stand', build: 'last_stand@1' } });
    const advances = run.ledger.filter((l) => l.kind === 'advance');
    expect(advances.length).toBeGreaterThanOrEqual(6);
    // Each advance reports the server's own clock, so the ledger adds up to the game time that really passed.
    let sim = 0;
    for (const a of advances) {
      sim += a.actualMs as number;
      expect(a.simMs).toBeCloseTo(sim, 6);
    }
    // The server runs the world in wall time (4x here) between slomo 1 and slomo 0, so an advance overshoots by
    // however long the event loop stalled, times four: on a quiet machine a 10 ms tick or two, on a loaded one
    // more. What must hold on any machine is that an advance runs about what was asked, not nothing or twice.
    const errors = advances.map((a) => Math.abs((a.actualMs as number) - (a.requestedMs as number))).sort((x, y) => x - y);
    const requested = advances.map((a) => a.requestedMs as number).sort((x, y) => x - y);
    expect(errors[Math.floor(errors.length / 2)]).toBeLessThanOrEqual(0.25 * requested[Math.floor(requested.length / 2)]!);
    expect(run.decisions.some((d) => (d.inputs as unknown[]).length > 0)).toBe(true);
    expect(result.players[0]!.progress).toBeGreaterThan(7.5 / 120);
  });

  it('ends the match with the game_over the build reports', async () => {
    // Seed 2 on ring: an idle player falls after 5.65 s of game time.
    const entry = await lastStandBuild(2, 'ring', { timeScale: 8 });
    const result = await runMatch({ game: 'last_stand', variant: 'ring', entry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 1000, slots: [{ slot: 0, agent: new IdleAgent() }] });
    expect([result.status, result.reason]).toEqual(['complete', 'game_over']);
    expect(result.simMs).toBeGreaterThan(5000);
    expect(result.simMs).toBeLessThan(7500);
    expect(readRun(result.dir).events.some((e) => e.type === 'episode_end')).toBe(true);
  });

  it('plays a realtime match: the build runs freely, frames stream, and pause freezes it at the end', async () => {
    const entry = await lastStandBuild(1);
    const agent = new ScriptAgent([{ chunk: holdChunk('W', 2) }]);
    const result = await runMatch({ game: 'last_stand', entry, runsDir: runs.dir, clock: 'realtime', observationDelayMs: 0, timeLimitMs: 1500, realtime: { fps: 10 }, slots: [{ slot: 0, agent }] });
    expect([result.status, result.reason]).toEqual(['complete', 'time_limit']);
    expect(agent.observations.length).toBeGreaterThanOrEqual(2);
    // Later observations show later game time: frames are fresh screenshots, not the first one again.
    expect(agent.observations.at(-1)!.simMs).toBeGreaterThan(agent.observations[0]!.simMs);
    // The match paused the build at its end (slomo 0).
    expect(server!.world.frozen).toBe(true);
  });

  it('ends the match with GAME_CRASHED when the build goes away mid-match', async () => {
    const entry = await lastStandBuild(1, 'origin', { timeScale: 8 });
    const agent = new ScriptAgent((o) => {
      if (o.step === 2) void server!.close();
      return { chunk: holdChunk('W', 1) };
    });
    const result = await runMatch({ game: 'last_stand', entry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 100, slots: [{ slot: 0, agent }] });
    expect(result.status).toBe('incomplete');
    expect(result.error?.code).toBe('GAME_CRASHED');
    expect(readRun(result.dir).meta.failure).toMatchObject({ code: 'GAME_CRASHED', class: 'infrastructure' });
  });

  it('gives each player of a two-player build its own view from its own port', async () => {
    server = await serveRemoteInput(new SimulationBackend(probeGame), { port: 0, entry: probeEntry });
    const entry: GameEntry = { ...probeEntry, launch: { kind: 'remote-input', host: '127.0.0.1', basePort: server.ports[0]!, ports: [...server.ports], progress: { field: 'progress', max: 1 }, timeScale: 4 } };
    const a = new ScriptAgent([{ chunk: holdChunk('W', 2) }]);
    const b = new ScriptAgent([{ chunk: holdChunk('S', 2) }]);
    const result = await runMatch({ game: 'probe', entry, runsDir: runs.dir, clock: 'pdq', observationDelayMs: 0, stepBudget: 3, slots: [{ slot: 0, agent: a }, { slot: 1, agent: b }] });
    expect(result.status).toBe('complete');
    // The probe paints slot 0 red and slot 1 blue (JPEG-decoded, so roughly).
    const centre = (data: Uint8Array): number[] => Array.from(data.subarray(8 * 32 * 3 + 16 * 3, 8 * 32 * 3 + 16 * 3 + 3));
    const [ra, , ba] = centre(a.observations[1]!.frame.data);
    const [rb, , bb] = centre(b.observations[1]!.frame.data);
    expect(ra! > 150 && ba! < 90).toBe(true);
    expect(rb! < 90 && bb! > 150).toBe(true);
    expect(result.players.every((p) => p.progress > 0)).toBe(true);
  });

  it('launches through the manifest recipe and closes every connection afterwards', async () => {
    const entry = await lastStandBuild(1);
    let endpoint: GameEndpoint | undefined;
    const result = await runMatch({
      game: 'last_stand',
      entry,
      runsDir: runs.dir,
      clock: 'pdq',
      observationDelayMs: 0,
      stepBudget: 1,
      slots: [{ slot: 0, agent: new IdleAgent() }],
      launch: async (e) => (endpoint = await launchGame(e, { privileged: false })),
    });
    expect(result.status).toBe('complete');
    expect(endpoint!.process).toBeUndefined();
    expect(server!.stats.connections).toBe(1);
    await expect.poll(() => server!.clients).toBe(0);
  });
});
