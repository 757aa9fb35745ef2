import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import { readCurveState, readTransferTable } from '../reflection/index.js';
import { curveCommand } from '../scripts/commands/curve.js';
import { transferCommand } from '../scripts/commands/transfer.js';
import { runArena } from './support/arena-process.js';
import { STAY, submit } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let fake: FakeProvider;
let tmp: { dir: string; cleanup: () => void };
let stdout: string[];

beforeEach(async () => {
  fake = await startFakeProvider();
  tmp = tempRunsDir();
  stdout = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fake.close();
  tmp.cleanup();
});

/** A one-round curve with a random player and the fake reflector, made by `arena curve`. */
async function randomCurve(out = tmp.dir, id = 'rnd'): Promise<void> {
  fake.script(submit(STAY));
  const args = ['--game', 'last_stand', '--agent', 'random', '--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url];
  await curveCommand([...args, '--rounds', '1', '--episodes', '1', '--held-out', 'none', '--time-limit', '3', '--obs-delay', '0', '--out', out, '--id', id, '--quiet']);
}

async function failure(promise: Promise<unknown>): Promise<ArenaError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ArenaError);
  return err as ArenaError;
}

describe('arena transfer', () => {
  it('plays with the curve\'s own built-in player and prints the table', async () => {
    await randomCurve();
    expect(await transferCommand(['--curve', 'rnd', '--out', tmp.dir, '--variants', 'ring,waves', '--episodes', '1', '--quiet'])).toBe(0);
    const text = stdout.join('');
    expect(text).toMatch(/^transfer of curve rnd \(last_stand, learned on origin\): skill of round \d/m);
    expect(text).toMatch(/^ring\s+\d\.\d{3}\s+\d\.\d{3}\s+[+-]\d\.\d{3}\s+2\/2$/m);
    expect(text).toMatch(/^waves\s+/m);
    const table = readTransferTable(join(tmp.dir, 'rnd', 'transfer.json'))!;
    const run = readRun(join(tmp.dir, 'rnd', table.variants[0]!.best.episodes[0]!.dir));
    expect(run.meta['agents']).toMatchObject([{ kind: 'random' }]);
    expect(run.meta['limits']).toMatchObject({ timeLimitMs: 3000 });
  }, 60_000);

  it('takes a curve directory as well as an id', async () => {
    await randomCurve();
    stdout.length = 0;
    expect(await transferCommand(['--curve', join(tmp.dir, 'rnd'), '--variants', 'ring', '--episodes', '1', '--quiet', '--json'])).toBe(0);
    expect(JSON.parse(stdout.join('')) as unknown).toMatchObject({ curve: 'rnd', episodes: 1, variants: [{ variant: 'ring' }] });
  }, 60_000);

  it('rebuilds a VLM player from the curve\'s stored configuration', async () => {
    const reflector = await startFakeProvider();
    try {
      reflector.script(submit(STAY));
      const config = join(tmp.dir, 'agent.json');
      writeFileSync(config, JSON.stringify({ temperature: 0.25, historyLength: 1 }));
      const args = ['--agent', 'vlm', '--model', 'fake-vlm', '--base-url', fake.url, '--agent-config', config, '--reflector-model', 'fake-reflector', '--reflector-base-url', reflector.url];
      await curveCommand([...args, '--rounds', '1', '--episodes', '1', '--held-out', 'none', '--time-limit', '2', '--obs-delay', '0', '--out', tmp.dir, '--id', 'vlm', '--quiet']);
      const before = fake.completions().length;
      expect(await transferCommand(['--curve', 'vlm', '--out', tmp.dir, '--variants', 'ring', '--episodes', '1', '--quiet'])).toBe(0);
      // Both arms ask the curve's model with the configured temperature (the fake's fixed answer plays the same in
      // every round, so round 0 stays the best and both arms play the empty skill).
      const bodies = fake.completions().slice(before).map((r) => r.body as { model: string; temperature: number });
      expect(bodies.length).toBeGreaterThan(1);
      expect(bodies.every((b) => b.model === 'fake-vlm' && b.temperature === 0.25)).toBe(true);
      const table = readTransferTable(join(tmp.dir, 'vlm', 'transfer.json'))!;
      expect(table.variants[0]!.empty.episodes[0]!.decisions + table.variants[0]!.best.episodes[0]!.decisions).toBe(bodies.length);
      expect(readCurveState(join(tmp.dir, 'vlm', 'curve.json'))!.settings.player).toMatchObject({ kind: 'vlm', agent: { model: 'fake-vlm', temperature: 0.25, historyLength: 1 } });
    } finally {
      await reflector.close();
    }
  }, 90_000);

  it('refuses an unknown curve with BAD_CONFIG naming where it looked, the service\'s jobs included', async () => {
    const out = join(tmp.dir, 'curves');
    const err = await failure(transferCommand(['--curve', 'nope', '--out', out, '--variants', 'ring', '--episodes', '1']));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.details?.['looked']).toEqual([resolve('nope'), resolve(out, 'nope'), resolve(tmp.dir, '.serve', 'work', 'nope', 'curve')]);
  });

  it('finds a curve that arena serve ran by its job id', async () => {
    // Where the service on tmp.dir keeps a curve job's curve: RUNS/.serve/work/JOB/curve.
    await randomCurve(join(tmp.dir, '.serve', 'work', 'job-1'), 'curve');
    stdout.length = 0;
    expect(await transferCommand(['--curve', 'job-1', '--out', join(tmp.dir, 'curves'), '--variants', 'ring', '--episodes', '1', '--quiet', '--json'])).toBe(0);
    expect(JSON.parse(stdout.join('')) as unknown).toMatchObject({ curve: 'curve', variants: [{ variant: 'ring' }] });
  }, 60_000);

  it('refuses an unknown variant with UNKNOWN_VARIANT', async () => {
    await randomCurve();
    const err = await failure(transferCommand(['--curve', 'rnd', '--out', tmp.dir, '--variants', 'ring,moon', '--episodes', '1', '--quiet']));
    expect(err.code).toBe(ErrorCode.UNKNOWN_VARIANT);
  }, 60_000);

  it('refuses to start without --variants with BAD_CONFIG', async () => {
    const err = await failure(transferCommand(['--curve', 'rnd', '--out', tmp.dir, '--episodes', '1']));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('refuses to start without --episodes with BAD_CONFIG', async () => {
    const err = await failure(transferCommand(['--curve', 'rnd', '--out', tmp.dir, '--variants', 'ring']));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('is a command of bin/arena.js that exits 2 with the code on an unknown curve', async () => {
    const r = await runArena(['transfer', '--curve', 'nope', '--out', tmp.dir, '--variants', 'ring', '--episodes', '1']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^arena: BAD_CONFIG: no curve 'nope'/);
  }, 30_000);

  it('keeps the table when the same transfer runs again', async () => {
    await randomCurve();
    await transferCommand(['--curve', 'rnd', '--out', tmp.dir, '--variants', 'ring', '--episodes', '1', '--quiet']);
    const first = readFileSync(join(tmp.dir, 'rnd', 'transfer.csv'), 'utf8');
    await transferCommand(['--curve', 'rnd', '--out', tmp.dir, '--variants', 'ring', '--episodes', '1', '--quiet']);
    expect(readFileSync(join(tmp.dir, 'rnd', 'transfer.csv'), 'utf8')).toBe(first);
  }, 60_000);
});

describe('arena curve and arena transfer under the omnigamearena profile', () => {
  it("score every round and held-out arm by the benchmark's raw score, and say so", async () => {
    fake.script(submit(STAY));
    const args = ['--game', 'last_stand', '--agent', 'scripted', '--profile', 'omnigamearena', '--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url];
    expect(await curveCommand([...args, '--rounds', '1', '--episodes', '1', '--held-out', 'none', '--steps', '12', '--obs-delay', '0', '--out', tmp.dir, '--id', 'bench', '--quiet'])).toBe(0);
    const state = readCurveState(join(tmp.dir, 'bench', 'curve.json'))!;
    // Each episode's score is its run's benchmark score, far above our progress's 1.
    const first = state.rounds[0]!.episodes[0]!;
    const run = JSON.parse(readFileSync(join(tmp.dir, 'bench', first.dir, 'run.json'), 'utf8')) as { result: { benchmark: { scores: number[] }; players: { progress: number }[] } };
    expect(first.score).toBe(run.result.benchmark.scores[0]);
    expect(first.score).toBeGreaterThan(1);
    expect(run.result.players[0]!.progress).toBeLessThanOrEqual(1);
    const note = "scores: each episode's benchmark score (raw, unclamped) (result.benchmark; a Coop team's sum), as the benchmark's runner reports it";
    expect(stdout.join('')).toContain(note);
    expect(readFileSync(join(tmp.dir, 'bench', 'curve.svg'), 'utf8')).toContain('score (benchmark score)');
    stdout.length = 0;
    expect(await transferCommand(['--curve', 'bench', '--out', tmp.dir, '--variants', 'ring', '--episodes', '1', '--quiet'])).toBe(0);
    const table = readTransferTable(join(tmp.dir, 'bench', 'transfer.json'))!;
    const arm = table.variants[0]!.best.episodes[0]!;
    const armRun = JSON.parse(readFileSync(join(tmp.dir, 'bench', arm.dir, 'run.json'), 'utf8')) as { result: { benchmark: { scores: number[] } } };
    expect(arm.score).toBe(armRun.result.benchmark.scores[0]);
    expect(arm.score).toBeGreaterThan(1);
    expect(stdout.join('')).toContain(note);
    expect(stdout.join('')).toMatch(new RegExp(`^ring\\s+\\d+\\.\\d{3}\\s+${arm.score.toFixed(3).replace('.', '\\.')}\\s`, 'm'));
  }, 120_000);
});
