import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseFlags } from '../cli/flags.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { readCurveState } from '../../reflection/index.js';
import { startFakeProvider, type FakeProvider } from '../../tests/support/fake-provider.js';
import { submit } from '../../tests/support/curve-fixtures.js';
import { tempRunsDir } from '../../tests/support/run-dir.js';
import { curveOptions, curveSettingsFromFlags, defaultCurveId } from '../../plans/index.js';
import { curveCommand } from './curve.js';

let fake: FakeProvider;
let tmp: { dir: string; cleanup: () => void };
let stdout: string[];
let stderr: string[];

beforeEach(async () => {
  fake = await startFakeProvider();
  tmp = tempRunsDir();
  stdout = [];
  stderr = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await fake.close();
  tmp.cleanup();
});

const argv = (): string[] => [
  '--game', 'last_stand', '--agent', 'scripted',
  '--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url,
  '--rounds', '1', '--episodes', '1', '--held-out', 'none',
  // 4 decisions of 720 ms in a 4 s run: a player who survives them scores 0.72, below the success threshold.
  '--time-limit', '4', '--steps', '4', '--obs-delay', '0', '--out', tmp.dir, '--id', 'cli', '--quiet',
];

async function failure(promise: Promise<unknown>): Promise<ArenaError> {
  const err = await promise.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ArenaError);
  return err as ArenaError;
}

describe('arena curve', () => {
  it('runs a curve with a scripted player and prints the summary table', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    expect(await curveCommand(argv())).toBe(0);
    const state = readCurveState(join(tmp.dir, 'cli', 'curve.json'))!;
    expect(state.rounds.map((r) => r.source)).toEqual(['empty', 'reflector']);
    expect(state.settings.player).toMatchObject({ kind: 'scripted' });
    expect(stdout.join('')).toMatch(/^round\s+mean/m);
    expect(existsSync(join(tmp.dir, 'cli', 'curve.png'))).toBe(true);
  }, 60_000);

  it('resumes when the same command runs again', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(argv());
    const before = readFileSync(join(tmp.dir, 'cli', 'rounds', '1', 'episodes', 'e0', 'run.json'), 'utf8');
    expect(await curveCommand(argv().filter((a) => a !== '--quiet'))).toBe(0);
    expect(stderr.join('')).toContain('resuming: 2/2 episodes done');
    expect(readFileSync(join(tmp.dir, 'cli', 'rounds', '1', 'episodes', 'e0', 'run.json'), 'utf8')).toBe(before);
    expect(fake.completions()).toHaveLength(1);
  }, 60_000);

  it('derives the curve id from the settings, so the same flags resume the same curve', async () => {
    const args = argv().filter((a, i, all) => a !== '--id' && all[i - 1] !== '--id' && a !== '--quiet');
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(args);
    await curveCommand(args);
    const ids = stderr.join('').match(/curve (last_stand-scripted-[0-9a-f]{10}) ->/g) ?? [];
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
    expect(stderr.join('')).toContain('resuming: 2/2 episodes done');
  }, 60_000);

  it('derives another id when a setting other than rounds differs', () => {
    const flags = (extra: string[]) => parseFlags('curve', curveOptions, [...argv(), ...extra]).values;
    const id = (extra: string[]) => defaultCurveId(curveSettingsFromFlags(flags(extra)).settings);
    expect(id([])).toBe(id([]));
    expect(id(['--rounds', '5'])).toBe(id([]));
    expect(id(['--rollback-ratio', '0.7'])).not.toBe(id([]));
  });


  it('refuses to start without --rounds with BAD_CONFIG', async () => {
    const err = await failure(curveCommand(argv().filter((a, i, all) => a !== '--rounds' && all[i - 1] !== '--rounds')));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('refuses a reflector without a model with BAD_CONFIG', async () => {
    const err = await failure(curveCommand(argv().filter((a, i, all) => a !== '--reflector-model' && all[i - 1] !== '--reflector-model')));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('refuses a held-out variant used for learning with BAD_CONFIG', async () => {
    const err = await failure(curveCommand([...argv(), '--variant', 'ring']));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('refuses an unknown held-out variant with UNKNOWN_VARIANT', async () => {
    const err = await failure(curveCommand([...argv().filter((a) => a !== 'none' && a !== '--held-out'), '--held-out', 'ring,moon']));
    expect(err.code).toBe(ErrorCode.UNKNOWN_VARIANT);
  });

  it('refuses the same --id with another setting with BAD_CONFIG naming the flag', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(argv());
    const err = await failure(curveCommand([...argv(), '--rollback-ratio', '0.7']));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.details).toMatchObject({ fields: ['rollbackRatio'], flags: ['--rollback-ratio'] });
  }, 60_000);
});

describe('arena curve --resume', () => {
  const resume = (...extra: string[]): string[] => ['--resume', 'cli', '--out', tmp.dir, ...extra];

  it('resumes a curve by id with its stored settings and no other flags', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(argv());
    const before = readCurveState(join(tmp.dir, 'cli', 'curve.json'))!;
    expect(await curveCommand(resume())).toBe(0);
    expect(stderr.join('')).toContain('resuming: 2/2 episodes done');
    expect(readCurveState(join(tmp.dir, 'cli', 'curve.json'))!.settings).toEqual(before.settings);
    expect(fake.completions()).toHaveLength(1);
  }, 60_000);

  it('takes the curve directory as well as its id', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(argv());
    expect(await curveCommand(['--resume', join(tmp.dir, 'cli'), '--quiet'])).toBe(0);
  }, 60_000);

  it('extends a curve with --rounds, reflecting through the stored reflector endpoint', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(argv());
    fake.script(submit('Stay in the middle and step away from red tiles.'));
    expect(await curveCommand(resume('--rounds', '2', '--quiet'))).toBe(0);
    const state = readCurveState(join(tmp.dir, 'cli', 'curve.json'))!;
    expect(state.rounds.map((r) => r.source)).toEqual(['empty', 'reflector', 'reflector']);
    expect(state.rounds[2]!.skill).toBe('Stay in the middle and step away from red tiles.');
    expect(fake.completions()).toHaveLength(2);
  }, 60_000);

  it('refuses flags that contradict the stored settings with BAD_CONFIG naming them', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(argv());
    const err = await failure(curveCommand(resume('--episodes', '2', '--time-limit', '5', '--agent', 'random')));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.details).toMatchObject({ fields: ['episodes', 'match.timeLimitMs', 'player.kind'], flags: ['--episodes', '--time-limit', '--agent'] });
    expect(err.message).toContain('--time-limit (match.timeLimitMs: 4000 stored, 5000 now)');
  }, 60_000);

  it('accepts flags that repeat the stored settings', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand(argv());
    expect(await curveCommand(resume('--episodes', '1', '--time-limit', '4', '--agent', 'scripted', '--quiet'))).toBe(0);
  }, 60_000);

  it('refuses an unknown curve with BAD_CONFIG naming where it looked', async () => {
    const err = await failure(curveCommand(['--resume', 'nope', '--out', tmp.dir]));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
    expect(err.details?.['looked']).toEqual([resolve('nope'), resolve(tmp.dir, 'nope')]);
  });

  it('refuses --id beside --resume with BAD_CONFIG', async () => {
    const err = await failure(curveCommand(['--resume', 'cli', '--id', 'other', '--out', tmp.dir]));
    expect(err.code).toBe(ErrorCode.BAD_CONFIG);
  });

  it('rebuilds a VLM player from the stored configuration', async () => {
    const player = await startFakeProvider();
    try {
      const config = join(tmp.dir, 'agent.json');
      writeFileSync(config, JSON.stringify({ temperature: 0.25 }));
      const vlm = ['--agent', 'vlm', '--model', 'fake-vlm', '--base-url', player.url, '--agent-config', config, '--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url];
      await curveCommand([...vlm, '--rounds', '0', '--episodes', '1', '--held-out', 'none', '--time-limit', '2', '--obs-delay', '0', '--out', tmp.dir, '--id', 'cli', '--quiet']);
      const before = player.completions().length;
      fake.script(submit('Keep to the middle of the platform.'));
      expect(await curveCommand(resume('--rounds', '1', '--quiet'))).toBe(0);
      const bodies = player.completions().slice(before).map((r) => r.body as { model: string; temperature: number; messages: { role: string; content: unknown }[] });
      expect(bodies.length).toBeGreaterThan(0);
      expect(bodies.every((b) => b.model === 'fake-vlm' && b.temperature === 0.25)).toBe(true);
      expect(JSON.stringify(bodies[0]!.messages[0]!.content)).toContain('Keep to the middle of the platform.');
    } finally {
      await player.close();
    }
  }, 60_000);
});
