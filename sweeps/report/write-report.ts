/** `arena report SWEEP_DIR`: reads a batch folder's store, writes tables (text, CSV, JSON) and plots (SVG, PNG). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { z } from 'zod';
import { SPEND_KEY, type TokenSpend } from '../run-sweep.js';
import { ResultsStore, STORE_FILE } from '../store/results-store.js';

const TokenSpendSchema = z.strictObject({ spent: z.number(), budget: z.number().optional(), overBy: z.number().optional(), inFlightAtStop: z.number().optional() });
import { sweepTables, type SweepTables } from './aggregate.js';
import { formatTables, tableRows, toCsv } from './format-tables.js';
import { armsPlotSvg, pdqVsLcrtSvg, scoreVsLatencySvg } from './svg-plots.js';

/** True when `dir` is a batch folder (it holds a results store). */
export function isSweepDir(dir: string): boolean {
  return existsSync(join(dir, STORE_FILE));
}

/** The tables of the batch in `dir`. */
export function readSweepTables(dir: string, options: { readonly pool?: boolean } = {}): SweepTables {
  const store = new ResultsStore(join(dir, STORE_FILE));
  try {
    return sweepTables(store.all(), options);
  } finally {
    store.close();
  }
}

/** The token spend the batch's last run stored, if any. */
function readSpend(dir: string): TokenSpend | undefined {
  const store = new ResultsStore(join(dir, STORE_FILE));
  try {
    const parsed = TokenSpendSchema.safeParse(store.getMeta(SPEND_KEY));
    return parsed.success ? parsed.data : undefined;
  } finally {
    store.close();
  }
}

/** One line on what the batch spent against its token budget. */
export function spendLine(s: TokenSpend): string {
  if (s.budget === undefined) return `tokens: ${s.spent} spent (no token budget)`;
  const over = s.overBy ?? 0;
  const flight = s.inFlightAtStop === undefined ? '' : `; ${s.inFlightAtStop} episode(s) in flight when it was reached finished and are counted`;
  return `tokens: ${s.spent} spent of a budget of ${s.budget}${over > 0 ? `, over by ${over}` : ''}${flight}`;
}

/** Writes `<dir>/report/`: cells.csv, pdq-lcrt.csv, models.csv, decomposition.csv (with fairness arms), report.json and the plots (decomposition.svg with fairness arms) as SVG and PNG; returns the text and the files. */
export async function writeSweepReport(dir: string, options: { readonly pool?: boolean } = {}): Promise<{ text: string; files: string[]; tables: SweepTables }> {
  const tables = readSweepTables(dir, options);
  const out = join(dir, 'report');
  mkdirSync(out, { recursive: true });
  const rows = tableRows(tables);
  const files: string[] = [];
  const write = (name: string, data: string | Buffer): void => {
    writeFileSync(join(out, name), data);
    files.push(join(out, name));
  };
  write('cells.csv', toCsv(rows.cells));
  write('pdq-lcrt.csv', toCsv(rows.pdqLcrt));
  write('models.csv', toCsv(rows.models));
  if (tables.arms.length > 0) write('decomposition.csv', toCsv(rows.arms));
  write('report.json', `${JSON.stringify(tables, null, 2)}\n`);
  const plots: [string, string][] = [['score-vs-latency', scoreVsLatencySvg(tables)], ['pdq-vs-lcrt', pdqVsLcrtSvg(tables)]];
  if (tables.arms.length > 0) plots.push(['decomposition', armsPlotSvg(tables.arms, tables.measure)]);
  for (const [name, svg] of plots) {
    write(`${name}.svg`, svg);
    write(`${name}.png`, await sharp(Buffer.from(svg)).png().toBuffer());
  }
  const spend = readSpend(dir);
  if (spend !== undefined) write('spend.json', `${JSON.stringify(spend, null, 2)}\n`);
  return { text: `${formatTables(tables)}${spend === undefined ? '' : `${spendLine(spend)}\n`}`, files, tables };
}
