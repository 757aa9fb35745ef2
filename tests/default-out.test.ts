/**
 * Where a command writes when --out is not given: under runs/, which git ignores, so a documented command run
 * in a checkout leaves no untracked folder (a tournament used to leave tournaments/, a curve curves/).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { curveOptions, planTournament, tournamentOptions } from '../plans/index.js';
import { parseFlags } from '../scripts/cli/flags.js';
import { transferOptions } from '../plans/transfer/transfer-flags.js';

describe('default output folders', () => {
  it('are under runs/, which .gitignore lists', async () => {
    expect(readFileSync('.gitignore', 'utf8').split('\n')).toContain('runs/');
    const plan = await planTournament(parseFlags('tournament', tournamentOptions, ['--game', 'sky_duel', '--agents', 'scripted,random', '--episodes', '1']).values);
    expect(plan.outDir).toBe('runs/tournaments/sky_duel-origin-pdq');
    expect(tournamentOptions.out.defaultText).toBe('runs/tournaments/GAME-VARIANT-CLOCK');
    expect(curveOptions.out.default).toBe('runs/curves');
    expect(transferOptions.out.default).toBe('runs/curves');
  });
});
