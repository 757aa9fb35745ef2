/** `arena cases score RESULTS --cases DIR [--json] [--bootstrap N --seed S] [--plots DIR]`: strict tuple F1 and its diagnostics. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gameScoreSvg, scoreResults, scoreTable } from '../../../perception/index.js';
import { usage } from '../../cli-error.js';
import type { FlagTable, FlagValues } from '../../cli/flags.js';

/** The flags of `arena cases score`. */
export const casesScoreFlags = {
  cases: { type: 'string', arg: 'DIR', defaultText: 'required', description: 'score: the golden set the results were run on (its references/)' },
  json: { type: 'boolean', description: 'score: print the whole report as JSON' },
  bootstrap: { type: 'string', kind: 'integer', arg: 'N', default: '1000', description: 'score: case-bootstrap replicates for the intervals (0: none)' },
  seed: { type: 'string', kind: 'integer', arg: 'S', default: '1', description: 'score: seed of the bootstrap and the random controls' },
  plots: { type: 'string', arg: 'DIR', description: 'score: also write one SVG per game there' },
} as const satisfies FlagTable;

/** Runs `arena cases score` with parsed flags and the results folder. */
export async function casesScore(values: FlagValues<typeof casesScoreFlags>, resultsDir: string): Promise<number> {
  if (values.cases === undefined) throw usage('arena cases score needs --cases DIR (the golden set)');
  const report = scoreResults({ resultsDir, casesDir: values.cases, bootstrap: Number(values.bootstrap), seed: Number(values.seed) });
  if (values.plots) {
    mkdirSync(values.plots, { recursive: true });
    for (const game of report.games) writeFileSync(join(values.plots, `${game}.svg`), gameScoreSvg(report, game));
  }
  process.stdout.write(values.json ? `${JSON.stringify(report, null, 2)}\n` : scoreTable(report));
  return 0;
}
