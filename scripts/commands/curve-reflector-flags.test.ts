/** `arena curve`'s reflector flags: everything the reflector settings accept is settable from the command line, and sent. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { submit } from '../../tests/support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from '../../tests/support/fake-provider.js';
import { tempRunsDir } from '../../tests/support/run-dir.js';
import { parseFlags } from '../cli/flags.js';
import { curveOptions, curveSettingsFromFlags } from '../../plans/index.js';
import { curveCommand } from './curve.js';

let fake: FakeProvider;
let tmp: { dir: string; cleanup: () => void };
beforeEach(async () => {
  fake = await startFakeProvider();
  tmp = tempRunsDir();
  vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await fake.close();
  tmp.cleanup();
});

const argv = (): string[] => [
  '--game', 'last_stand', '--agent', 'scripted', '--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url,
  '--rounds', '1', '--episodes', '1', '--held-out', 'none', '--time-limit', '4', '--steps', '4', '--obs-delay', '0', '--out', tmp.dir, '--id', 'flags', '--quiet',
];
const settings = (extra: string[]) => curveSettingsFromFlags(parseFlags('curve', curveOptions, [...argv(), ...extra]).values).settings;

describe('arena curve: reflector flags', () => {
  it('caps the reflector output by default and takes every reflector setting as a flag', () => {
    expect(settings([]).reflector).toMatchObject({ maxOutputTokens: 4096, temperature: 0, extraBody: {} });
    const r = settings(['--reflector-max-tokens', '300', '--reflector-temperature', '0.4', '--reflector-extra-body', '{"reasoning_effort":"low"}', '--reflector-frames-per-call', '2', '--reflector-frame-side', '256']).reflector;
    expect(r).toMatchObject({ maxOutputTokens: 300, temperature: 0.4, extraBody: { reasoning_effort: 'low' }, maxFramesPerCall: 2, frameMaxSide: 256 });
    expect(settings(['--reflector-max-tokens', 'none', '--reflector-temperature', 'none']).reflector).toMatchObject({ maxOutputTokens: null, temperature: null });
  });

  it('refuses extra fields that are not a JSON object, or that set what the reflector writes itself, with BAD_CONFIG', () => {
    for (const bad of ['[1]', 'nope', '{"model":"x"}']) {
      let err: unknown;
      try {
        settings(['--reflector-extra-body', bad]);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(ArenaError);
      expect((err as ArenaError).code).toBe(ErrorCode.BAD_CONFIG);
    }
  });

  it('sends the cap, temperature and extra fields in every reflector request', async () => {
    fake.script(submit('Keep to the middle of the platform.'));
    await curveCommand([...argv(), '--reflector-max-tokens', '300', '--reflector-temperature', '0.4', '--reflector-extra-body', '{"top_k":5}']);
    const reflector = fake.completions().map((c) => c.body as Record<string, unknown>).filter((b) => b['model'] === 'fake-reflector');
    expect(reflector.length).toBeGreaterThan(0);
    for (const b of reflector) expect(b).toMatchObject({ max_completion_tokens: 300, temperature: 0.4, top_k: 5 });
  }, 60_000);
});
