/**
 * Build calibration (`arena conformance --remote-input --profile omnigamearena --maps FILE`) on the RemoteInput
 * emulator: an honest build passes every check, and each of four lying builds (a map it lacks, a dead control,
 * a look scale under which 2057 units are not a full turn, a score below the declared range) fails exactly
 * the check that names its lie.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { runBuildCalibration, type CalibrationReport } from '../conformance/index.js';
import { RunnerMapsConfig } from '../games-manifest/index.js';
import { conformanceCommand } from '../scripts/commands/conformance.js';
import { DEAD_CONTROL, MISSING_VARIANT, startLyingBuild, type CalibrationLie, type LyingBuild } from './support/calibration-lies.js';

let build: LyingBuild | undefined;
afterEach(async () => {
  await build?.server.close();
  build = undefined;
});

const settings = { mapWaitMs: 0, pressMs: 300 };

async function calibrate(lie: CalibrationLie): Promise<CalibrationReport> {
  build = await startLyingBuild(lie);
  const maps = RunnerMapsConfig.parse(parseYaml(readFileSync(build.mapsFile, 'utf8')));
  return runBuildCalibration('127.0.0.1', build.port, { maps, ...settings });
}

const failures = (r: CalibrationReport): string[] => r.results.filter((x) => x.status === 'fail').map((x) => `${x.name} -- ${x.detail}`);

describe('build calibration on the RemoteInput emulator', () => {
  it('passes every check on an honest build, measuring each', async () => {
    const report = await calibrate('none');
    expect(failures(report)).toEqual([]);
    expect(report.results.filter((r) => r.status === 'skip')).toEqual([]);
    const [game] = report.games;
    expect(game!.game).toBe('last_stand');
    expect(game!.maps.map((m) => [m.variant, m.opened])).toEqual([['origin', true], ['var1', true], ['var2', true]]);
    expect(game!.controls.map((c) => [c.control, c.sent, c.acts])).toEqual([
      ['W', 'key W', true],
      ['A', 'key A', true],
      ['S', 'key S', true],
      ['D', 'key D', true],
      ['Space', 'key SpaceBar', true],
    ]);
    expect(game!.turn!.back).toBe(true);
    expect(game!.turn!.halfDifference).toBeGreaterThan(0.5);
    expect(game!.scores.outside).toEqual([]);
    expect(game!.scores.readings).toBeGreaterThan(10);
  }, 60_000);

  const lies: [CalibrationLie, RegExp][] = [
    ['missing-map', new RegExp(`^last_stand ${MISSING_VARIANT}: open /Game/Fixture/LastStand_var2 changes the frame -- the frame is the same 0 ms after 'open /Game/Fixture/LastStand_var2' \\(difference 0\\): the build did not open the map$`)],
    ['dead-control', new RegExp(`^last_stand: ${DEAD_CONTROL} changes the frame or the score -- key W for 300 ms: frame difference 0 .*: the control does nothing$`)],
    ['short-turn', /^last_stand: a look of 2057 units turns a full circle -- after 2057 more units the frame differs by [\d.]+ from before them .*: a full turn is not 2057 units$/],
    ['score-out-of-range', /^last_stand: get_score in \[0, inf\] -- \d+ of \d+ readings outside the declared range: -3, -3/],
  ];
  for (const [lie, named] of lies) {
    it(`names the lie of a build with ${lie}, and only it`, async () => {
      const report = await calibrate(lie);
      const failed = failures(report);
      expect(failed).toHaveLength(1);
      expect(failed[0]).toMatch(named);
    }, 60_000);
  }
});

describe('arena conformance --profile omnigamearena', () => {
  async function cli(argv: string[]): Promise<{ code: number; out: string }> {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      out += String(chunk);
      return true;
    });
    try {
      return { code: await conformanceCommand(argv), out };
    } finally {
      spy.mockRestore();
    }
  }

  it('prints the calibration table and writes the JSON report; a lie exits 1 and is named in both', async () => {
    build = await startLyingBuild('dead-control');
    const report = join(mkdtempSync(join(tmpdir(), 'calibration-report-')), 'calibration.json');
    const { code, out } = await cli(['--remote-input', `127.0.0.1:${build.port}`, '--advances', '0', '--profile', 'omnigamearena', '--maps', build.mapsFile, '--map-wait', '0', '--press', '300', '--report', report]);
    expect(code).toBe(1);
    expect(out).toMatch(/^Build calibration: 127\.0\.0\.1:\d+$/m);
    expect(out).toMatch(/^game +maps opened +controls acting +idle noise +half turn +full turn +score min +score max +declared range +result$/m);
    expect(out).toMatch(/^last_stand +3\/3 +4\/5 \(dead: W\) .* \[0, inf\] +FAIL: W changes the frame or the score$/m);
    expect(out).toMatch(/^FAIL {2}last_stand: W changes the frame or the score/m);
    const written = JSON.parse(readFileSync(report, 'utf8')) as CalibrationReport;
    expect(written.games[0]!.controls.find((c) => c.control === 'W')!.acts).toBe(false);
    expect(written.results.filter((r) => r.status === 'fail').map((r) => r.name)).toEqual(['last_stand: W changes the frame or the score']);
  }, 90_000);

  it('refuses a calibration without maps, and calibration flags without the profile', async () => {
    await expect(conformanceCommand(['--remote-input', '127.0.0.1:1', '--profile', 'omnigamearena'])).rejects.toMatchObject({ code: 'BAD_CONFIG' });
    await expect(conformanceCommand(['--remote-input', '127.0.0.1:1', '--profile', 'omnigamearena'])).rejects.toThrow(/pass --maps PATH\/configs\/maps.yaml/);
    await expect(conformanceCommand(['--remote-input', '127.0.0.1:1', '--maps', 'maps.yaml'])).rejects.toThrow(/--maps is for a calibration: add --profile omnigamearena/);
    await expect(conformanceCommand(['--remote-input', '127.0.0.1:1', '--profile', 'nope', '--maps', 'maps.yaml'])).rejects.toThrow(/--profile takes one of default, omnigamearena/);
    await expect(conformanceCommand(['--url', 'ws://127.0.0.1:1', '--profile', 'omnigamearena', '--maps', 'maps.yaml'])).rejects.toThrow(/give --remote-input/);
  });
});
