/** `arena cases score RESULTS --cases DIR [--json] [--bootstrap N --seed S] [--plots DIR] [--report FILE]`: strict tuple F1 and its diagnostics. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gameScoreSvg, scoreResults, scoreTable } from '../../../perception/index.js';
import { casesScoreSettings } from '../../../plans/index.js';
import type { casesScoreFlags } from '../../../plans/cases/cases-flags.js';
import type { FlagValues } from '../../cli/flags.js';

/** Runs `arena cases score` with parsed flags and the results folder. */
export async function casesScore(values: FlagValues<typeof casesScoreFlags>, resultsDir: string): Promise<number> {
  const s = casesScoreSettings(values);
  const report = scoreResults({ resultsDir, casesDir: s.casesDir, bootstrap: s.bootstrap, seed: s.seed });
  if (s.plots) {
    mkdirSync(s.plots, { recursive: true });
    for (const game of report.games) writeFileSync(join(s.plots, `${game}.svg`), gameScoreSvg(report, game));
  }
  if (s.report) {
    mkdirSync(dirname(s.report), { recursive: true });
    writeFileSync(s.report, `${JSON.stringify(report, null, 2)}\n`);
  }
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : scoreTable(report));
  return 0;
}
