/** `arena report SWEEP_DIR`: reads a batch folder's store, writes tables (text, CSV, JSON) and plots (SVG, PNG). */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { ResultsStore, STORE_FILE } from '../store/results-store.js';
import { sweepTables, type SweepTables } from './aggregate.js';
import { formatTables, tableRows, toCsv } from './format-tables.js';
import { pdqVsLcrtSvg, scoreVsLatencySvg } from './svg-plots.js';

/** True when `dir` is a batch folder (it holds a results store). */
export function isSweepDir(dir: string): boolean {
  return existsSync(join(dir, STORE_FILE));
}

/** The tables of the batch in `dir`. */
export function readSweepTables(dir: string): SweepTables {
  const store = new ResultsStore(join(dir, STORE_FILE));
  try {
    return sweepTables(store.all());
  } finally {
    store.close();
  }
}

/** Writes `<dir>/report/`: cells.csv, pdq-lcrt.csv, models.csv, report.json and both plots as SVG and PNG; returns the text and the files. */
export async function writeSweepReport(dir: string): Promise<{ text: string; files: string[]; tables: SweepTables }> {
  const tables = readSweepTables(dir);
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
  write('report.json', `${JSON.stringify(tables, null, 2)}\n`);
  for (const [name, svg] of [['score-vs-latency', scoreVsLatencySvg(tables)], ['pdq-vs-lcrt', pdqVsLcrtSvg(tables)]] as const) {
    write(`${name}.svg`, svg);
    write(`${name}.png`, await sharp(Buffer.from(svg)).png().toBuffer());
  }
  return { text: formatTables(tables), files, tables };
}
