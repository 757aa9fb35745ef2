import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { parseFlags } from '../cli/flags.js';
import { resolveMatch } from '../../plans/index.js';
import { buildMatchConfig } from '../../plans/index.js';
import { matchOptions } from '../../plans/match/match-flags.js';

/** The flags as `arena match` parses them from its command line. */
const flags = (...argv: string[]) => parseFlags('match', matchOptions, [...argv, '--quiet']).values;

const maps = join(import.meta.dirname, '../../tests/fixtures/omnigamearena-checkout/configs/maps.yaml');

describe('arena match --profile', () => {
  it('plays a build under the runner rules with the maps config read at run time', () => {
    const config = buildMatchConfig(flags('--game', 'last_stand', '--env', 'remote-input://127.0.0.1:12345', '--profile', 'omnigamearena', '--maps', maps, '--agent', 'random'));
    const spec = resolveMatch(config);
    expect(spec.profile).toBe('omnigamearena');
    expect(spec.entry?.launch).toMatchObject({ kind: 'remote-input', maps: { origin: '/Game/Test/Stand', var1: '/Game/Test/Stand_One' }, lookUnitsPerDegree: { x: 2057 / 360 }, reset: 'open' });
    expect(spec.entry?.variants.map((v) => v.id)).toEqual(['origin', 'var1']);
    expect(spec.entry?.controls.chunkSteps).toBe(6);
  });

  it('gives monster_shoot the runner chunk length and no taps, so LMB is held', () => {
    const spec = resolveMatch(buildMatchConfig(flags('--game', 'monster_shoot', '--profile', 'omnigamearena', '--agent', 'random')));
    expect(spec.entry?.controls).toMatchObject({ chunkSteps: 5, tapControls: [], stepMs: 120, tapMs: 30 });
  });

  it('rejects an unknown profile with BAD_CONFIG', () => {
    expect(() => buildMatchConfig(flags('--game', 'last_stand', '--profile', 'fastest'))).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });

  it('rejects the profile on a game the benchmark lacks with BAD_CONFIG', () => {
    expect(() => resolveMatch(buildMatchConfig(flags('--game', 'freedoom', '--profile', 'omnigamearena', '--agent', 'random')))).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });

  it('rejects a maps config of the wrong shape with BAD_CONFIG', () => {
    const bad = join(import.meta.dirname, '../../tests/fixtures/omnigamearena-checkout/configs/vlm/idc/last_stand.yaml');
    expect(() => resolveMatch(buildMatchConfig(flags('--game', 'last_stand', '--env', 'remote-input://127.0.0.1:1', '--profile', 'omnigamearena', '--maps', bad, '--agent', 'random')))).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });

  it('refuses a build under the profile without its maps with BAD_CONFIG naming --maps, the config field and the import folder', () => {
    const run = (): unknown => resolveMatch(buildMatchConfig(flags('--game', 'last_stand', '--env', 'remote-input://127.0.0.1:1', '--profile', 'omnigamearena', '--agent', 'random')));
    expect(run).toThrow(/--maps.*"maps" in the match config.*arena import omnigamearena/);
    expect(run).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });

  describe('from a match config file', () => {
    const dirs: string[] = [];
    afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));
    const configFile = (config: Record<string, unknown>): string => {
      const dir = mkdtempSync(join(tmpdir(), 'arena-profile-config-'));
      dirs.push(dir);
      writeFileSync(join(dir, 'match.json'), JSON.stringify({ game: 'last_stand', env: 'remote-input://127.0.0.1:1', profile: 'omnigamearena', agents: [{ kind: 'random' }], ...config }));
      return join(dir, 'match.json');
    };

    it('refuses a build under the profile whose config names no maps with BAD_CONFIG before the match starts, naming the config field', () => {
      const run = (): unknown => resolveMatch(buildMatchConfig(flags('--config', configFile({}))));
      expect(run).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
      expect(run).toThrow(/set "maps" in the match config/);
    });

    it("plays the config's build with the maps config it names", () => {
      expect(resolveMatch(buildMatchConfig(flags('--config', configFile({ maps })))).entry?.launch).toMatchObject({ kind: 'remote-input', maps: { origin: '/Game/Test/Stand' }, reset: 'open' });
    });
  });

  it('plays a reference game or a GameLink endpoint under the profile without maps', () => {
    expect(resolveMatch(buildMatchConfig(flags('--game', 'last_stand', '--profile', 'omnigamearena', '--agent', 'random'))).profile).toBe('omnigamearena');
    expect(resolveMatch(buildMatchConfig(flags('--game', 'last_stand', '--env', 'ws://127.0.0.1:1', '--profile', 'omnigamearena', '--agent', 'random'))).profile).toBe('omnigamearena');
  });
});
