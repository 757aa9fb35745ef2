/** The build calibration as one table per run: a row per game, what each of its four checks measured. */
import type { TableDoc } from '../protocol/index.js';
import type { CalibrationReport } from './calibration.js';

const verdict = (report: CalibrationReport, game: string): string => {
  const own = report.results.filter((r) => r.name.startsWith(`${game} `) || r.name.startsWith(`${game}:`));
  const failed = own.filter((r) => r.status === 'fail').map((r) => r.name.slice(game.length + 1).trim());
  return failed.length === 0 ? 'pass' : `FAIL: ${failed.join('; ')}`;
};

/** The calibration report as a table for the terminal or a page (protocol's formatter writes it). */
export function calibrationTable(report: CalibrationReport): TableDoc {
  return {
    title: `Build calibration: ${report.endpoint}`,
    columns: [
      { header: 'game', kind: 'id' },
      { header: 'maps opened', kind: 'text' },
      { header: 'controls acting', kind: 'text' },
      { header: 'idle noise', kind: 'number', digits: 2, note: 'difference between two idle runs from the same start' },
      { header: 'half turn', kind: 'number', digits: 2, note: `frame difference after ${report.settings.unitsPerTurn / 2} units` },
      { header: 'full turn', kind: 'number', digits: 2, note: `frame difference after ${report.settings.unitsPerTurn} more units (0: back)` },
      { header: 'score min', kind: 'number' },
      { header: 'score max', kind: 'number' },
      { header: 'declared range', kind: 'text' },
      { header: 'result', kind: 'text' },
    ],
    rows: report.games.map((g) => [
      g.game,
      `${g.maps.filter((m) => m.opened).length}/${g.maps.length}${g.maps.some((m) => !m.opened) ? ` (not: ${g.maps.filter((m) => !m.opened).map((m) => m.variant).join(', ')})` : ''}`,
      `${g.controls.filter((c) => c.acts).length}/${g.controls.length}${g.controls.some((c) => !c.acts) ? ` (dead: ${g.controls.filter((c) => !c.acts).map((c) => c.control).join(', ')})` : ''}`,
      g.idleNoise,
      g.turn?.halfDifference,
      g.turn?.fullDifference,
      g.scores.min,
      g.scores.max,
      `[${g.scores.range.min}, ${g.scores.range.max ?? 'inf'}]`,
      verdict(report, g.game),
    ]),
    note: `maps waited ${report.settings.mapWaitMs} ms after open; controls held ${report.settings.pressMs} ms with the world running; a full turn is ${report.settings.unitsPerTurn} units`,
  };
}
