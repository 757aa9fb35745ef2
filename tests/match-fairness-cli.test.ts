/**
 * `arena match --fairness` and `--handicap`, and a config file declaring them, through the real CLI: the arm
 * sets the clock, the record declares it and the ledger shows the charge; bad arms, handicaps and clocks
 * are refused with BAD_CONFIG before a match starts.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildMatchConfig } from '../plans/index.js';
import { matchOptions } from '../plans/match/match-flags.js';
import { parseFlags } from '../scripts/cli/flags.js';
import { runArena } from './support/arena-process.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

const arena = runArena;

const config = (argv: string[]) => buildMatchConfig(parseFlags('match', matchOptions, argv).values);

describe('arena match --fairness', () => {
  it('plays the matched arm on the lcrt clock and records it', async () => {
    const r = await arena(['match', '--game', 'sky_duel', '--agents', 'scripted,scripted', '--fairness', 'matched', '--latency', 'synthetic:100,synthetic:900', '--steps', '3', '--runs-dir', runs.dir, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^sky_duel\/origin seed 1 lcrt matched: /);
    const run = readRun(join(runs.dir, readdirSync(runs.dir)[0]!));
    expect(run.meta.conditions).toMatchObject({ clock: 'lcrt', fairness: { arm: 'matched', statistic: 'max', window: 1 } });
    expect(run.ledger.filter((l) => l.kind === 'placement').map((l) => l.chargedMs)).toEqual([900, 900, 900, 900, 900, 900]);
  });

  it('runs the handicap example config as written', async () => {
    const r = await arena(['match', '--config', 'examples/match-handicap.json', '--steps', '2', '--runs-dir', runs.dir, '--quiet']);
    expect(r.code, r.stderr).toBe(0);
    const run = readRun(join(runs.dir, readdirSync(runs.dir)[0]!));
    const placed = run.ledger.filter((l) => l.kind === 'placement' && l.slot === 0);
    expect(placed.map((l) => [l.measuredMs, l.chargedMs])).toEqual([[100, 500], [100, 500]]);
  });

  it('sets the clock from the arm and keeps a matching --clock', () => {
    expect(config(['--fairness', 'matched:mean:3'])).toMatchObject({ clock: 'lcrt', fairness: 'matched:mean:3' });
    expect(config(['--fairness', 'pdq', '--clock', 'pdq'])).toMatchObject({ clock: 'pdq' });
    expect(config(['--agents', 'scripted,scripted', '--fairness', 'handicap', '--handicap', ',x2']).agents).toEqual([{ kind: 'scripted' }, { kind: 'scripted', handicap: 'x2' }]);
  });

  it.each([
    [['--fairness', 'matched', '--clock', 'pdq']],
    [['--fairness', 'warp']],
    [['--fairness', 'matched:mode']],
    [['--fairness', 'matched:max:0']],
    [['--agents', 'scripted', '--handicap', 'x2,x3']],
  ])('refuses %j with BAD_CONFIG', (argv) => {
    expect(() => config(argv)).toThrow(expect.objectContaining({ code: 'BAD_CONFIG' }));
  });

  it('refuses a bad handicap and a handicap without its arm before the match starts', async () => {
    for (const extra of [['--fairness', 'handicap', '--handicap', '2x'], ['--clock', 'lcrt', '--handicap', 'x2']]) {
      const r = await arena(['match', '--game', 'sky_duel', '--agents', 'scripted,scripted', ...extra, '--runs-dir', runs.dir, '--quiet']);
      expect(r.code).not.toBe(0);
      expect(r.stderr).toMatch(/BAD_CONFIG/);
    }
    expect(readdirSync(runs.dir)).toEqual([]);
  });
});
