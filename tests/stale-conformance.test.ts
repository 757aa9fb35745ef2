/**
 * `arena conformance`'s stale-frame checks against a reference game that lies at set rates
 * (tests/support/lying-backend.ts), over GameLink and behind our RemoteInput server: the previous frame after
 * input, the frame from before the pause after a pause and resume, and "pending" screenshot answers are each
 * found exactly as injected (so at their rate, within sampling error); a still scene is not flagged; the
 * battery fails above its bound and passes a fair game; and a match over RemoteInput finds the frames from
 * before the pause decision for decision.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { countAfterInput, countAfterResume, countRemoteAfterInput, countRemoteAfterResume, runGameLinkConformance, StaleCounter } from '../conformance/index.js';
import { GameClient } from '../env-bridge/index.js';
import { RemoteInputClient, serveBackend, serveRemoteInput } from '../game-host/index.js';
import { SimulationBackend, lastStandGame } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { runMatch } from '../gateway/index.js';
import { Prng, type Frame } from '../protocol/index.js';
import { conformanceCommand } from '../scripts/commands/conformance.js';
import { LyingBackend, type LyingModes } from './support/lying-backend.js';
import { readRun, tempRunsDir } from './support/run-dir.js';
import { ScriptAgent } from './support/test-agents.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of closers.splice(0).reverse()) await c();
});

const entry = getGame('last_stand');
const LONG = { variant: 'waves', seed: 6 } as const;
const threeSigma = (p: number, n: number): number => 3 * Math.sqrt((p * (1 - p)) / n);
const staleOf = (c: { verdicts: Record<string, number | undefined> }): number => (c.verdicts['duplicate'] ?? 0) + (c.verdicts['near_duplicate'] ?? 0) + (c.verdicts['truncated'] ?? 0);

/** A lying last_stand served over GameLink on port 0, with no one on its seat. */
async function served(modes: LyingModes): Promise<{ lying: LyingBackend; url: string }> {
  const lying = new LyingBackend(new SimulationBackend(lastStandGame), modes, 5);
  const server = await serveBackend(lying, { port: 0, entry });
  closers.push(() => server.close());
  return { lying, url: `ws://127.0.0.1:${server.port}` };
}

/** The same, with a client on its seat and an episode started. */
async function gameLink(modes: LyingModes): Promise<{ lying: LyingBackend; url: string; client: GameClient }> {
  const { lying, url } = await served(modes);
  const client = await GameClient.connect(url, { client: 'stale-test', privileged: false });
  closers.push(() => client.close());
  await client.reset(LONG.seed, LONG.variant, [0], { width: 320, height: 180, encoding: 'rgb' });
  return { lying, url, client };
}

/** A lying last_stand behind our RemoteInput server, answering a share `pendingRate` of screenshot requests "pending". */
async function remote(modes: LyingModes, pendingRate = 0): Promise<{ lying: LyingBackend; client: RemoteInputClient; pending: { n: number } }> {
  const lying = new LyingBackend(new SimulationBackend(lastStandGame), modes, 9);
  const rng = new Prng(3, 30);
  const pending = { n: 0 };
  const server = await serveRemoteInput(lying, {
    port: 0, seed: LONG.seed, variant: LONG.variant, frame: { width: 320, height: 180 },
    screenshotPending: () => (rng.next() < pendingRate ? (pending.n++, true) : false),
  });
  closers.push(() => server.close());
  const client = await RemoteInputClient.connect({ host: '127.0.0.1', port: server.ports[0]! });
  closers.push(() => client.close());
  return { lying, client, pending };
}

describe('stale-frame conformance over GameLink', () => {
  it('finds the previous frame handed back after input, each one, at its rate', async () => {
    const rate = 0.3;
    const { lying, client } = await gameLink({ previousAfterInput: rate });
    const before = lying.injected.stale;
    const counts = await countAfterInput(client, client.capabilities, { staleSamples: 80 });
    const injected = lying.injected.stale - before;
    expect(counts.observations).toBe(80);
    expect(staleOf(counts)).toBe(injected);
    expect(Math.abs(counts.staleShare - rate)).toBeLessThanOrEqual(threeSigma(rate, 80));
  });

  it('finds the frame from before the pause, after a pause and resume, each one, at its rate', async () => {
    const rate = 0.3;
    const { lying, client } = await gameLink({ beforePause: rate });
    const counts = await countAfterResume(client, client.capabilities, { staleSamples: 60, sampleRunMs: 20 });
    expect(counts.observations).toBe(60);
    expect(lying.injected.pauseStale).toBeGreaterThan(0);
    expect(staleOf(counts)).toBe(lying.injected.pauseStale);
    expect(Math.abs(counts.staleShare - rate)).toBeLessThanOrEqual(threeSigma(rate, 60));
  });

  it('does not flag a still scene: a paused game observed again and again with no input', async () => {
    const { client } = await gameLink({ duplicate: 1 });
    const counter = new StaleCounter();
    const take = async (): Promise<{ frame: Frame; simMs: number }> => {
      const r = await client.observe([0]);
      return { frame: r.frames[0]!, simMs: r.done.simMs };
    };
    await counter.base(await take());
    for (let i = 0; i < 10; i++) await counter.sample(await take(), 0);
    expect(counter.counts.verdicts).toEqual({ still: 10 });
    expect(counter.counts.staleShare).toBe(0);
  });

  it('fails the battery above the bound and passes a fair game', async () => {
    const lying = await served({ previousAfterInput: 0.3 });
    const bad = await runGameLinkConformance(lying.url, { endWithinMs: 0, staleSamples: 30, maxStaleShare: 0.05 });
    const badCheck = bad.find((r) => r.name === 'stale frames after input, within the bound')!;
    expect(badCheck.status).toBe('fail');
    expect(badCheck.detail).toMatch(/above the bound/);
    const fair = await served({});
    const good = await runGameLinkConformance(fair.url, { endWithinMs: 0, staleSamples: 10 });
    for (const name of ['stale frames after input, within the bound', 'stale frames after a pause and resume, within the bound']) {
      const r = good.find((x) => x.name === name)!;
      expect(r.status, r.detail).toBe('pass');
      expect(r.detail).toMatch(/^0\/10 stale/);
    }
  });

  it('refuses --max-stale outside 0..1 and --stale-samples below 1', async () => {
    for (const bad of [['--max-stale', '1.5'], ['--max-stale', '-0.1'], ['--stale-samples', '0']]) {
      const err = await conformanceCommand(['--url', 'ws://127.0.0.1:9', ...bad]).catch((e: unknown) => e);
      expect((err as { code?: string }).code, bad.join(' ')).toBe('BAD_CONFIG');
    }
  });
});

describe('stale-frame conformance behind a RemoteInput build', () => {
  it('finds the previous frame after a look while running, and counts each "pending" answer', async () => {
    const rate = 0.3;
    const pendingRate = 0.2;
    const { lying, client, pending } = await remote({ previousAfterInput: rate }, pendingRate);
    const before = lying.injected.stale;
    const r = await countRemoteAfterInput(client, { staleSamples: 50, sampleRunMs: 40 });
    expect(r.counts.observations).toBe(50);
    expect(staleOf(r.counts)).toBe(lying.injected.stale - before);
    expect(Math.abs(r.counts.staleShare - rate)).toBeLessThanOrEqual(threeSigma(rate, 50));
    expect(r.pending).toBe(pending.n);
    const requests = r.screenshots + r.pending;
    expect(Math.abs(r.pending / requests - pendingRate)).toBeLessThanOrEqual(threeSigma(pendingRate, requests));
  });

  it('finds the frame from before the pause after slomo 1 ... slomo 0, at its rate', async () => {
    const rate = 0.3;
    const { lying, client } = await remote({ beforePause: rate });
    const before = lying.injected.pauseStale;
    const r = await countRemoteAfterResume(client, { staleSamples: 50, sampleRunMs: 40 });
    expect(staleOf(r.counts)).toBe(lying.injected.pauseStale - before);
    expect(Math.abs(r.counts.staleShare - rate)).toBeLessThanOrEqual(threeSigma(rate, 50));
  });

  it('in a match, flags each decision made on a frame from before the pause, and only those', async () => {
    const rate = 0.25;
    const lying = new LyingBackend(new SimulationBackend(lastStandGame), { beforePause: rate }, 13);
    const server = await serveRemoteInput(lying, { port: 0, seed: LONG.seed, variant: LONG.variant });
    closers.push(() => server.close());
    const runs = tempRunsDir();
    closers.push(async () => runs.cleanup());
    const built = { ...entry, launch: { kind: 'remote-input' as const, host: '127.0.0.1', basePort: server.ports[0]!, progress: { field: 'survival_time' as const, max: 120 }, timeScale: 4 } };
    const turner = new ScriptAgent([{ chunk: { look: { dx: 15, dy: 0 }, steps: [[]] } }]);
    const result = await runMatch({ game: 'last_stand', variant: LONG.variant, entry: built, runsDir: runs.dir, clock: 'pdq', stepBudget: 60, observationDelayMs: 100, slots: [{ slot: 0, agent: turner }] });
    const run = readRun(result.dir);
    const flagged = run.decisions.map((d) => ['duplicate', 'near_duplicate'].includes(String((d.integrity as { verdict?: string } | undefined)?.verdict)));
    const truth = lying.injected.history.slice(0, run.decisions.length);
    expect(flagged).toEqual(truth.map((h) => h.stale));
    const afterInput = truth.filter((h) => h.afterInput).length;
    expect(afterInput).toBeGreaterThan(50);
    const n = flagged.filter(Boolean).length;
    expect(n).toBeGreaterThan(0);
    expect(Math.abs(n / afterInput - rate)).toBeLessThanOrEqual(threeSigma(rate, afterInput));
  }, 120_000);
});
