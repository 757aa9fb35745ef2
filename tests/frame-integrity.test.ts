/**
 * Frame integrity against a reference game that lies at set rates (tests/support/lying-backend.ts), served
 * over GameLink and behind our RemoteInput server: each lie is found at its rate (the game's own count is the
 * ground truth), a still scene is never flagged, and decisions.jsonl and run.json carry the verdicts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { IdleAgent } from '../agents/index.js';
import { GameClient, type GameEndpoint } from '../env-bridge/index.js';
import { serveBackend, serveRemoteInput, type GameServer, type RemoteInputServer } from '../game-host/index.js';
import { SimulationBackend, lastStandGame } from '../games/index.js';
import { getGame, type GameEntry } from '../games-manifest/index.js';
import { runMatch, type MatchSpec } from '../gateway/index.js';
import { EpisodeJob, runEpisode } from '../sweeps/index.js';
import { LyingBackend, type LyingModes } from './support/lying-backend.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { episodeResolver } from '../plans/index.js';
import { ScriptAgent } from './support/test-agents.js';

let runs: ReturnType<typeof tempRunsDir>;
const servers: { close(): Promise<void> }[] = [];
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
  runs.cleanup();
});

const entry = getGame('last_stand');

/** A lying last_stand served over GameLink on port 0, as a match's `launch`. */
async function overGameLink(modes: LyingModes): Promise<{ lying: LyingBackend; launch: NonNullable<MatchSpec['launch']> }> {
  const lying = new LyingBackend(new SimulationBackend(lastStandGame), modes, 7);
  const server: GameServer = await serveBackend(lying, { port: 0, entry });
  servers.push(server);
  const launch = async (): Promise<GameEndpoint> => {
    const client = await GameClient.connect(`ws://127.0.0.1:${server.port}`, { client: 'arena-gateway', privileged: true });
    return { client, process: undefined, close: () => client.close() };
  };
  return { lying, launch };
}

/** A lying last_stand behind our RemoteInput server, as a manifest entry with a remote-input recipe. */
async function overRemoteInput(modes: LyingModes): Promise<{ lying: LyingBackend; entry: GameEntry }> {
  const lying = new LyingBackend(new SimulationBackend(lastStandGame), modes, 11);
  const server: RemoteInputServer = await serveRemoteInput(lying, { port: 0, seed: 6, variant: 'waves' });
  servers.push(server);
  return { lying, entry: { ...entry, launch: { kind: 'remote-input', host: '127.0.0.1', basePort: server.ports[0]!, progress: { field: 'survival_time', max: 120 }, timeScale: 4 } } };
}

interface Verdicts {
  readonly decisions: number;
  readonly verdicts: readonly string[];
  readonly flagged: number;
  readonly byVerdict: Record<string, number>;
  readonly runJson: Record<string, unknown>;
}

function verdictsOf(dir: string): Verdicts {
  const run = readRun(dir);
  const byVerdict: Record<string, number> = {};
  const verdicts = run.decisions.map((d) => String((d.integrity as { verdict?: string } | undefined)?.verdict ?? 'none'));
  for (const v of verdicts) byVerdict[v] = (byVerdict[v] ?? 0) + 1;
  const flagged = (byVerdict['duplicate'] ?? 0) + (byVerdict['near_duplicate'] ?? 0);
  return { decisions: run.decisions.length, verdicts, flagged, byVerdict, runJson: run.meta };
}

/** An agent that turns the camera 15 degrees each decision: every chunk sends input, and the view always moves. */
const turner = (): ScriptAgent => new ScriptAgent([{ chunk: { look: { dx: 15, dy: 0 }, steps: [[]] } }]);

/** The ground truth over the frames decided on (a match's last frame, after its last decision, is seen by no one). */
function truthOf(lying: LyingBackend, decisions: number): { afterInput: number; stale: number; truncated: number; flags: readonly boolean[] } {
  const seen = lying.injected.history.slice(0, decisions);
  return { afterInput: seen.filter((h) => h.afterInput).length, stale: seen.filter((h) => h.stale).length, truncated: seen.filter((h) => h.truncated).length, flags: seen.map((h) => h.stale) };
}

/** Three standard errors of a proportion `p` over `n` draws. */
const threeSigma = (p: number, n: number): number => 3 * Math.sqrt((p * (1 - p)) / n);

const LONG = { variant: 'waves', seed: 6 } as const; // an idle player survives 54 s here

describe('frame integrity over GameLink', () => {
  it('finds the previous frame handed back after input at its injected rate, frame for frame', async () => {
    const rate = 0.3;
    const { lying, launch } = await overGameLink({ previousAfterInput: rate });
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 160, observationDelayMs: 100, slots: [{ slot: 0, agent: turner() }] });
    const v = verdictsOf(result.dir);
    const truth = truthOf(lying, v.decisions);
    expect(truth.afterInput).toBeGreaterThan(150);
    // Each decision is flagged exactly when its frame was a lie.
    expect(v.verdicts.map((x) => x === 'duplicate' || x === 'near_duplicate')).toEqual(truth.flags);
    const detected = v.flagged / truth.afterInput;
    expect(Math.abs(detected - rate)).toBeLessThanOrEqual(threeSigma(rate, truth.afterInput));
    const totals = (v.runJson.frameIntegrity as { totals: { observations: number; staleShare: number } }).totals;
    expect(totals.observations).toBe(v.decisions);
    expect(totals.staleShare).toBeCloseTo(v.flagged / v.decisions, 10);
  });

  it('finds duplicated frames at their rate, flagging only those after input', async () => {
    const rate = 0.2;
    const { lying, launch } = await overGameLink({ duplicate: rate });
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 160, observationDelayMs: 100, slots: [{ slot: 0, agent: turner() }] });
    const v = verdictsOf(result.dir);
    const truth = truthOf(lying, v.decisions);
    expect(v.verdicts.map((x) => x === 'duplicate')).toEqual(truth.flags);
    expect(Math.abs(v.flagged / truth.afterInput - rate)).toBeLessThanOrEqual(threeSigma(rate, truth.afterInput));
  });

  it('finds truncated JPEG frames at their rate', async () => {
    const rate = 0.15;
    const { lying, launch } = await overGameLink({ truncate: rate });
    const agent = Object.assign(turner(), { frameEncoding: 'jpeg' as const });
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 120, observationDelayMs: 100, slots: [{ slot: 0, agent }] });
    const v = verdictsOf(result.dir);
    const truth = truthOf(lying, v.decisions);
    expect(v.verdicts.map((x) => x === 'truncated')).toEqual(lying.injected.history.slice(0, v.decisions).map((h) => h.truncated));
    expect(Math.abs((v.byVerdict['truncated'] ?? 0) / v.decisions - rate)).toBeLessThanOrEqual(threeSigma(rate, v.decisions));
    expect(truth.truncated).toBeGreaterThan(0);
  });

  it('flags nothing on a fair game played with input', async () => {
    const { launch } = await overGameLink({});
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 60, observationDelayMs: 100, slots: [{ slot: 0, agent: turner() }] });
    const v = verdictsOf(result.dir);
    expect(v.flagged).toBe(0);
    expect(v.byVerdict['fresh']).toBe(v.decisions);
  });

  it('never flags a still scene: every frame duplicated, no input sent, all still', async () => {
    const { lying, launch } = await overGameLink({ duplicate: 1 });
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 40, observationDelayMs: 100, slots: [{ slot: 0, agent: new IdleAgent() }] });
    const v = verdictsOf(result.dir);
    expect(lying.injected.renders).toBeGreaterThanOrEqual(40);
    expect(v.flagged).toBe(0);
    // The first frame is fresh; every later one is the same image, and nothing should have changed it.
    expect(v.byVerdict['still']).toBe(v.decisions - 1);
  });
});

describe('frame integrity behind a RemoteInput build', () => {
  it('finds the previous frame handed back after input at its injected rate', async () => {
    const rate = 0.25;
    const built = await overRemoteInput({ previousAfterInput: rate });
    const result = await runMatch({ game: 'last_stand', variant: LONG.variant, entry: built.entry, runsDir: runs.dir, clock: 'pdq', stepBudget: 100, observationDelayMs: 100, slots: [{ slot: 0, agent: turner() }] });
    const v = verdictsOf(result.dir);
    const truth = truthOf(built.lying, v.decisions);
    expect(truth.afterInput).toBeGreaterThan(90);
    expect(v.verdicts.map((x) => x === 'duplicate' || x === 'near_duplicate')).toEqual(truth.flags);
    expect(Math.abs(v.flagged / truth.afterInput - rate)).toBeLessThanOrEqual(threeSigma(rate, truth.afterInput));
  });
});

describe('stale-frame policies', () => {
  it('retry: asks again for each stale frame, so every decision is made on a fresh one and says it was retried', async () => {
    const { lying, launch } = await overGameLink({ previousAfterInput: 0.3 });
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 60, observationDelayMs: 100, staleFrames: 'retry', slots: [{ slot: 0, agent: turner() }] });
    const run = readRun(result.dir);
    const v = verdictsOf(result.dir);
    expect(v.flagged).toBe(0);
    const retried = run.decisions.filter((d) => ((d.integrity as { retried?: number } | undefined)?.retried ?? 0) > 0).length;
    // Only frames after input lie, and a frame asked for again comes after none: one retry per lie decided on.
    const last = lying.injected.history.at(-1)!;
    expect(retried).toBe(lying.injected.stale - (last.stale ? 1 : 0));
    expect(retried).toBeGreaterThan(5);
    expect((v.runJson.conditions as { staleFrames?: string }).staleFrames).toBe('retry');
  });

  it('fail: ends the episode at the first stale frame with STALE_FRAME, an infrastructure failure', async () => {
    const { lying, launch } = await overGameLink({ previousAfterInput: 0.3 });
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 60, observationDelayMs: 100, staleFrames: 'fail', slots: [{ slot: 0, agent: turner() }] });
    expect(result.status).toBe('incomplete');
    expect(result.error).toMatchObject({ code: 'STALE_FRAME', class: 'infrastructure' });
    expect(lying.injected.stale).toBe(1);
  });

  it('refuses retry and fail under --profile omnigamearena (its runner acts on no frame) with BAD_CONFIG', async () => {
    const { launch } = await overGameLink({});
    for (const staleFrames of ['retry', 'fail'] as const) {
      const err = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, profile: 'omnigamearena', staleFrames, slots: [{ slot: 0, agent: turner() }] }).catch((e: unknown) => e);
      expect((err as { code?: string }).code).toBe('BAD_CONFIG');
    }
  });

  it('keeps the default runs\' conditions as they were: no staleFrames under flag', async () => {
    const { launch } = await overGameLink({});
    const result = await runMatch({ game: 'last_stand', entry, launch, runsDir: runs.dir, clock: 'pdq', ...LONG, stepBudget: 3, slots: [{ slot: 0, agent: turner() }] });
    expect(verdictsOf(result.dir).runJson.conditions).not.toHaveProperty('staleFrames');
  });
});

describe('a sweep episode above its declared stale share', () => {
  const job = (maxStaleShare: number): EpisodeJob =>
    EpisodeJob.parse({
      id: `stale-${maxStaleShare}`, batch: 'b', cell: 'c', cellInfo: { game: 'last_stand', variant: LONG.variant, clock: 'pdq', latency: 'none', lineup: ['turner'] },
      episode: 0, seed: LONG.seed, pool: 'default', agents: [{ slot: 0, label: 'turner', kind: 'turner' }], stepBudget: 60, observationDelayMs: 100, maxStaleShare,
    });

  it('is left out as infrastructure (STALE_FRAME) above the share, and kept at or below it, with its stale counts', async () => {
    const { lying, launch } = await overGameLink({ previousAfterInput: 0.3 });
    const deps = { resolve: episodeResolver(() => turner()), runsDir: runs.dir, launch };
    const strict = await runEpisode(job(0.05), deps);
    expect(strict.status).toBe('failed');
    expect(strict.failure).toMatchObject({ code: 'STALE_FRAME', class: 'infrastructure' });
    const player = strict.players[0]!;
    expect(player.judged).toBe(player.decisions);
    expect(player.stale).toBeGreaterThan(0.05 * player.decisions);
    expect(lying.injected.stale).toBeGreaterThanOrEqual(player.stale!);
    const lenient = await runEpisode(job(1), deps);
    expect(lenient.status).toBe('complete');
    expect(lenient.failure).toBeUndefined();
  });
});
