import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readCheckout } from './read-checkout.js';
import { writeImport } from './write-configs.js';
import { MatchConfig } from '../match/match-config.js';
import { parseCurveSettings } from '../../reflection/index.js';
import { parseFlags } from '../../protocol/index.js';
import { curveOptions, curveSettingsFromConfig } from '../curve/curve-flags.js';

const fixture = join(import.meta.dirname, '../../tests/fixtures/omnigamearena-checkout');
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
const out = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'arena-import-'));
  dirs.push(d);
  return d;
};
const readJson = (path: string): Record<string, unknown> => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

describe('arena import omnigamearena', () => {
  it('writes one match config per cold-start config and model, with extends resolved', () => {
    const dir = out();
    const index = writeImport(readCheckout(fixture), dir, { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(index.matches.map((m) => m.file).sort()).toEqual([
      'matches/last_stand/base--model-a.json',
      'matches/last_stand/base--model-b.json',
      'matches/last_stand/base_lcrt--model-a.json',
      'matches/last_stand/held_var1--model-a.json',
      'matches/last_stand/held_var1--model-b.json',
      'matches/shared_floor/base--model-a+model-b.json',
    ]);
    const lcrt = MatchConfig.parse(readJson(join(dir, 'matches/last_stand/base_lcrt--model-a.json')));
    expect(lcrt).toMatchObject({ game: 'last_stand', env: 'remote-input://127.0.0.1:12345', profile: 'omnigamearena', clock: 'lcrt', stepBudget: 40, observationDelayMs: 2000, variant: 'origin' });
    expect(lcrt.agents).toEqual([{ kind: 'vlm', label: 'model-a', vlm: { model: 'model-a', baseUrl: 'http://127.0.0.1:9/v1', historyLength: 3, temperature: 0 } }]);
  });

  it('maps a held-out map key to its var variant and orders Coop players by id', () => {
    const dir = out();
    writeImport(readCheckout(fixture), dir, { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(readJson(join(dir, 'matches/last_stand/held_var1--model-a.json')).variant).toBe('var1');
    const coop = MatchConfig.parse(readJson(join(dir, 'matches/shared_floor/base--model-a+model-b.json')));
    expect(coop.agents.map((a) => a.label)).toEqual(['model-a', 'model-b']);
  });

  it('writes each game recipe with the maps config paths, the look scale and open-map resets', () => {
    const dir = out();
    writeImport(readCheckout(fixture), dir, { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(readJson(join(dir, 'recipes/last_stand.json'))).toMatchObject({
      kind: 'remote-input',
      maps: { origin: '/Game/Test/Stand', var1: '/Game/Test/Stand_One' },
      lookUnitsPerDegree: { x: 2057 / 360, y: 2057 / 360 },
      jpegQuality: 85,
      reset: 'open',
    });
  });

  it('reports what it cannot carry over instead of dropping it', () => {
    const index = writeImport(readCheckout(fixture), out(), { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(index.notes).toContain('configs/vlm/cold_start/solo/last_stand/held_var1.yaml: chunk_steps 7, the profile plays 6');
    expect(index.notes).toContain("configs/vlm/idc/last_stand.yaml: max_reflection_iterations 30 caps all of the runner's reflector turns; written as the inspection budget (maxToolCalls)");
  });

  it("converts each IDC config into a runner-style arena curve config whose round 0 is the import's own runs", () => {
    const dir = out();
    const index = writeImport(readCheckout(fixture), dir, { baseUrl: 'http://127.0.0.1:9/v1' });
    expect(index.curves.map((c) => c.file)).toEqual(['curves/last_stand--model-a.json', 'curves/shared_floor--model-b.json']);
    const file = join(dir, 'curves/last_stand--model-a.json');
    const ls = parseCurveSettings(readJson(file));
    expect(ls).toMatchObject({
      game: 'last_stand',
      variant: 'origin',
      heldOut: ['var1'],
      rounds: 4,
      episodes: 3,
      clock: 'pdq',
      rollbackRatio: 0.7,
      reflector: { model: 'model-a', temperature: 0, frameMaxSide: 384, maxToolCalls: 30 },
      match: { profile: 'omnigamearena', env: 'remote-input://127.0.0.1:12345', maps: join(fixture, 'configs/maps.yaml'), stepBudget: 40, observationDelayMs: 2000 },
      runner: { roundZero: join(dir, 'runs'), validatorModel: 'judge-x', validatorTemperature: 0.2, maxValidateCalls: 4, reflectionAttempts: 2 },
      player: { kind: 'vlm', model: 'model-a', baseUrl: 'http://127.0.0.1:9/v1', agent: { model: 'model-a', historyLength: 3, temperature: 0 }, reflectorBaseUrl: 'http://127.0.0.1:9/v1' },
    });
    // The coop config: its own reflector, the validator defaults to it, the game's step budget and history.
    const sf = parseCurveSettings(readJson(join(dir, 'curves/shared_floor--model-b.json')));
    expect(sf).toMatchObject({ game: 'shared_floor', rounds: 2, episodes: 2, reflector: { model: 'reflector-y' }, match: { env: 'remote-input://127.0.0.1:12350', stepBudget: 120 }, player: { agent: { historyLength: 2 } } });
    expect(sf.runner?.validatorModel).toBeUndefined();
    // arena curve --config reads it as written, flags laid over it.
    const flags = parseFlags('curve', curveOptions, ['--config', file, '--rounds', '2']).values;
    expect(curveSettingsFromConfig(file, flags)).toEqual({ ...ls, rounds: 2 });
  });

  it('fails with BAD_CONFIG on a folder that is not a checkout', () => {
    expect(() => readCheckout(out())).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });
});
