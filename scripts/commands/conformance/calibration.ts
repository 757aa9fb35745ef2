/**
 * `arena conformance --remote-input HOST:PORT --profile omnigamearena --maps FILE`: after the RemoteInput
 * battery, the build calibration (conformance/calibration.ts) for every benchmark game the maps config
 * names, printed as a table and written as a JSON report.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ArenaError, ErrorCode, textTable } from '../../../protocol/index.js';
import { PROFILES } from '../../../games-manifest/index.js';
import { calibrationTable, runBuildCalibration, type CheckResult } from '../../../conformance/index.js';
import { usage } from '../../cli-error.js';
import { intFlag, type FlagTable } from '../../cli/flags.js';

/** The calibration's flags, part of `arena conformance`'s table. */
export const calibrationFlags = {
  profile: { type: 'string', arg: 'NAME', description: "RemoteInput: 'omnigamearena' also calibrates the build for each game --maps names (maps open, controls act, 2057 units turn a full circle, get_score in range)" },
  maps: { type: 'string', arg: 'FILE', description: "the builds' maps config (a runner checkout's configs/maps.yaml), needed with --profile omnigamearena" },
  'map-wait': { type: 'string', kind: 'integer', arg: 'MS', defaultText: '3000', description: 'calibration: wall time after open <map> before the map is looked at' },
  press: { type: 'string', kind: 'integer', arg: 'MS', defaultText: '500', description: 'calibration: wall time each control is held with the world running' },
  report: { type: 'string', arg: 'FILE', defaultText: 'calibration.json', description: "calibration: where the JSON report goes" },
} as const satisfies FlagTable;

type CalibrationValues = { readonly [K in keyof typeof calibrationFlags]?: string | undefined };

/** Whether the flags ask for a calibration; usage errors for flags that belong to it given alone. */
export function wantsCalibration(values: CalibrationValues & { readonly url?: string | undefined }): boolean {
  const own = (['maps', 'map-wait', 'press', 'report'] as const).filter((f) => values[f] !== undefined);
  if (values.profile === undefined) {
    if (own.length > 0) throw usage(`--${own[0]} is for a calibration: add --profile omnigamearena`);
    return false;
  }
  if (values.profile === 'default') return false;
  if (!(PROFILES as readonly string[]).includes(values.profile)) throw usage(`--profile takes one of ${PROFILES.join(', ')} (got '${values.profile}')`);
  if (values.url !== undefined) throw usage('the calibration is for a RemoteInput build: give --remote-input host:port');
  if (values.maps === undefined) throw new ArenaError(ErrorCode.BAD_CONFIG, "a calibration under --profile omnigamearena needs the builds' maps config: pass --maps PATH/configs/maps.yaml");
  return true;
}

/** Runs the calibration, prints its table (or nothing under --json), writes the report; its check results. */
export async function calibrateFromFlags(values: CalibrationValues, host: string, port: number, print: ((r: CheckResult) => void) | undefined): Promise<CheckResult[]> {
  // The plans layer (maps config reading) loads only when a calibration runs.
  const { readRunnerMaps } = await import('../../../plans/index.js');
  const maps = readRunnerMaps(values.maps!);
  const mapWaitMs = intFlag(values['map-wait'], 'map-wait', 0, 600_000);
  const pressMs = intFlag(values.press, 'press', 1, 60_000);
  if (print) process.stdout.write(`Build calibration (omnigamearena): ${host}:${port}\n`);
  const report = await runBuildCalibration(host, port, {
    maps,
    ...(mapWaitMs === undefined ? {} : { mapWaitMs }),
    ...(pressMs === undefined ? {} : { pressMs }),
    ...(print ? { onResult: print } : {}),
  });
  const path = resolve(values.report ?? 'calibration.json');
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  if (print) process.stdout.write(`\n${textTable(calibrationTable(report))}\nreport: ${path}\n`);
  return [...report.results];
}
