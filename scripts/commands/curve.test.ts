import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { readCurveState } from '../../reflection/index.js';
import { startFakeProvider, type FakeProvider } from '../../tests/support/fake-provider.js';
import { submit } from '../../tests/support/curve-fixtures.js';
import { tempRunsDir } from '../../tests/support/run-dir.js';
import { curveCommand, curveOptions, curveSettingsFromFlags, defaultCurveId } from './curve.js';

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
  '--time-limit', '4', '--obs-delay', '0', '--out', tmp.dir, '--id', 'cli', '--quiet',
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
    const flags = (extra: string[]) => parseArgs({ args: [...argv(), ...extra], options: curveOptions, allowPositionals: false, strict: true }).values;
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
});
