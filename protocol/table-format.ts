/**
 * Tables as a reader reads them, one formatter for the web pages and the CLI: a table is a title, columns (a
 * human header, its unit, what kind of value it holds) and rows of raw values; the formatter turns each value
 * into the text a paper would print (numbers to a sensible precision, intervals as `0.43 +- 0.05`, shares as
 * percentages, empty as an em dash, never JSON quoting) and a key to sort it by. The computation of the values
 * stays with whoever computes them; only their presentation lives here.
 */

/** What a column holds, which decides how its values are written and sorted. */
export type CellKind = 'text' | 'id' | 'count' | 'number' | 'share' | 'interval' | 'date' | 'duration';

/** One column: a header a reader understands, the unit of its numbers (shown in the header), the kind of value. */
export interface TableColumn {
  readonly header: string;
  readonly unit?: string;
  readonly kind: CellKind;
  /** Decimals for numbers and intervals; default: by magnitude (3 below 10, 1 below 100, none above). */
  readonly digits?: number;
  /** A longer explanation, shown on hover in the web and under the table in the CLI when asked. */
  readonly note?: string;
  /**
   * On the pages, shown as a second, smaller line in the cell of the column before it (latency under clock),
   * so a wide table fits the page; the cell sorts by the first line. The CLI prints it as a column of its own.
   */
  readonly under?: boolean;
  /** Characters a long id is shortened to on the pages (default 30; see {@link shortId}). */
  readonly maxChars?: number;
  /** For an id column: cut a long id at its start (keeping the distinguishing end) instead of its middle. */
  readonly cut?: 'middle' | 'start';
}

/** A mean with the half-width of its interval and the count it is over. */
export interface IntervalValue {
  readonly mean: number | null;
  readonly half: number | null;
  readonly n?: number;
}

/** A raw cell value: what the computation produced, formatted by its column. */
export type CellValue = string | number | boolean | null | undefined | IntervalValue | readonly (string | number)[] | Readonly<Record<string, unknown>>;

/** A table ready to be shown anywhere: title, columns and rows of raw values. */
export interface TableDoc {
  readonly title: string;
  /** A stable name for the table (the pages' test ids), when its title is not one. */
  readonly id?: string;
  readonly columns: readonly TableColumn[];
  readonly rows: readonly (readonly CellValue[])[];
  /** A line under the table (what the interval is, what was left out). */
  readonly note?: string;
}

/** A formatted cell: the text shown, the whole text (for a shortened id, on hover), and the key it sorts by. */
export interface FormattedCell {
  readonly text: string;
  readonly full: string;
  readonly sort: number | string | null;
}

/** What an empty cell shows. */
export const EMPTY_CELL = '\u2014';

const isInterval = (v: unknown): v is IntervalValue => typeof v === 'object' && v !== null && !Array.isArray(v) && 'mean' in v && 'half' in v;

/** Decimals for a number by its magnitude, unless the column fixes them. */
function decimals(n: number, digits: number | undefined): number {
  if (digits !== undefined) return digits;
  const a = Math.abs(n);
  if (Number.isInteger(n)) return 0;
  return a >= 100 ? 0 : a >= 10 ? 1 : 3;
}

/** A number to a sensible precision (`digits` decimals if given); an em dash for null or a non-finite value. */
export function formatNumber(n: number | null | undefined, digits?: number): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return EMPTY_CELL;
  const text = n.toFixed(decimals(n, digits));
  return text === '-0' || /^-0\.0*$/.test(text) ? text.slice(1) : text;
}

/** The fewest values a table shows an interval over, and a plot draws one for. */
export const MIN_INTERVAL_N = 3;

/** A mean and its interval as `0.43 +- 0.05` (both to the same decimals); the mean alone when there is no interval. */
export function formatInterval(v: IntervalValue, digits?: number): string {
  if (v.mean === null || !Number.isFinite(v.mean)) return EMPTY_CELL;
  const d = digits ?? decimals(v.mean === 0 || Number.isInteger(v.mean) ? 0.5 : v.mean, undefined);
  const mean = formatNumber(v.mean, d);
  return v.half === null || !Number.isFinite(v.half) ? mean : `${mean} +- ${formatNumber(v.half, d)}`;
}

/** A duration in ms as a reader says it: `850 ms`, `12.4 s`, `3 min 20 s`, `1 h 05 min`. */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return EMPTY_CELL;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${String(Math.round(s - m * 60)).padStart(2, '0')} s`;
  return `${Math.floor(m / 60)} h ${String(m % 60).padStart(2, '0')} min`;
}

/** An ISO time as `2026-12-01 21:04` (UTC); the text itself when it is not a time. */
export function formatDate(iso: string): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return iso;
  return new Date(t).toISOString().slice(0, 16).replace('T', ' ');
}

/** Any value as plain words: lists joined by commas, objects as `key value` pairs; never JSON. */
function plain(v: unknown): string {
  if (v === null || v === undefined || v === '') return EMPTY_CELL;
  if (typeof v === 'number') return formatNumber(v);
  if (typeof v === 'boolean') return v ? 'yes' : 'no';
  if (typeof v === 'string') return v;
  if (Array.isArray(v)) return v.length === 0 ? EMPTY_CELL : v.map(plain).join(', ');
  if (isInterval(v)) return formatInterval(v);
  const entries = Object.entries(v as Record<string, unknown>);
  return entries.length === 0 ? EMPTY_CELL : entries.map(([k, x]) => `${k} ${plain(x)}`).join(', ');
}

/** One value as its column writes it, with the key to sort it by. */
export function formatCell(value: CellValue, column: TableColumn): FormattedCell {
  const empty = { text: EMPTY_CELL, full: EMPTY_CELL, sort: null };
  if (value === null || value === undefined || value === '') return empty;
  switch (column.kind) {
    case 'count':
    case 'number':
      if (typeof value !== 'number') break;
      if (!Number.isFinite(value)) return empty;
      return { text: formatNumber(value, column.kind === 'count' ? 0 : column.digits), full: String(value), sort: value };
    case 'share':
      if (typeof value !== 'number') break;
      if (!Number.isFinite(value)) return empty;
      return { text: `${(value * 100).toFixed(column.digits ?? 1)}%`, full: String(value), sort: value };
    case 'interval':
      if (!isInterval(value)) break;
      // Under 3 values a t-interval is either enormous or, from equal values, a false `+- 0.000`: the mean alone, said why.
      if (value.n !== undefined && value.n < MIN_INTERVAL_N && value.half !== null && value.mean !== null) return { text: `${formatInterval({ mean: value.mean, half: null }, column.digits)} (n too small)`, full: `${formatInterval(value, column.digits)} (n = ${value.n}, too few for an interval)`, sort: value.mean };
      return { text: formatInterval(value, column.digits), full: `${formatInterval(value, column.digits)}${value.n === undefined ? '' : ` (n = ${value.n})`}`, sort: value.mean };
    case 'duration':
      if (typeof value !== 'number') break;
      return { text: formatDuration(value), full: `${value} ms`, sort: Number.isFinite(value) ? value : null };
    case 'date':
      if (typeof value !== 'string') break;
      return { text: formatDate(value), full: value, sort: value };
    default:
      break;
  }
  const text = plain(value);
  return { text, full: text, sort: text === EMPTY_CELL ? null : typeof value === 'number' ? value : text.toLowerCase() };
}

/** A column's header with its unit: `mean charged latency (ms)`. */
export function columnHeader(column: TableColumn): string {
  return column.unit ? `${column.header} (${column.unit})` : column.header;
}

/** A long id shortened for a cell (its start and its end, or its end alone with `cut: 'start'`), the whole id kept for hover and copy. */
export function shortId(id: string, max = 30, cut: 'middle' | 'start' = 'middle'): string {
  if (id.length <= max) return id;
  // Where a column beside it names the start (a run's job), the end alone tells the rows apart.
  if (cut === 'start') return `\u2026${id.slice(-(max - 1))}`;
  // The end tells runs of one job apart (their cell and seed); the start says which job.
  const head = Math.max(4, Math.floor((max - 1) / 3));
  return `${id.slice(0, head)}\u2026${id.slice(-(max - 1 - head))}`;
}

/**
 * The table without the columns that are empty in every row (a model column when no run called a model); a
 * column shown under one that is dropped becomes a column of its own.
 */
export function withoutEmptyColumns(doc: TableDoc): TableDoc {
  const keep = doc.columns.map((_, i) => doc.rows.some((r) => { const v = r[i]; return v !== null && v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0); }));
  let primaryKept = false;
  const columns = doc.columns.flatMap((c, i) => {
    const orphan = c.under === true && !primaryKept;
    if (c.under !== true) primaryKept = keep[i]!;
    if (!keep[i]) return [];
    if (!orphan) return [c];
    const { under: _under, ...own } = c;
    primaryKept = true;
    return [own];
  });
  return { ...doc, columns, rows: doc.rows.map((r) => r.filter((_, i) => keep[i])) };
}

/** Every cell of a table formatted. */
export function formatRows(doc: TableDoc): FormattedCell[][] {
  return doc.rows.map((row) => doc.columns.map((c, i) => formatCell(row[i], c)));
}

const RIGHT: ReadonlySet<CellKind> = new Set(['count', 'number', 'share', 'interval', 'duration']);

/** A table as aligned text for the terminal: its title, headers with units, numbers right-aligned, its note. */
export function textTable(doc: TableDoc): string {
  const head = doc.columns.map(columnHeader);
  const body = formatRows(doc).map((r) => r.map((c) => c.text));
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: readonly string[]): string => cells.map((c, i) => (RIGHT.has(doc.columns[i]!.kind) ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ').trimEnd();
  return [doc.title, line(head), ...(body.length === 0 ? ['(no rows)'] : body.map(line)), ...(doc.note ? [doc.note] : [])].filter((l) => l !== '').join('\n');
}

const UNIT_SUFFIX: readonly [RegExp, string, CellKind][] = [
  [/Ms$/, 'ms', 'number'],
  [/Rate$/, '', 'share'],
  [/At$/, '', 'date'],
];

/** A header for a computed field name: `meanChargedMs` reads `mean charged (ms)`, `latencyP50Ms` `latency p50 (ms)`. */
export function columnFor(key: string, sample?: unknown): TableColumn {
  let name = key;
  let unit = '';
  let kind: CellKind = typeof sample === 'number' ? (Number.isInteger(sample) ? 'count' : 'number') : isInterval(sample) ? 'interval' : 'text';
  for (const [re, u, k] of UNIT_SUFFIX) {
    if (!re.test(name)) continue;
    name = name.replace(re, k === 'share' ? 'Rate' : '');
    unit = u;
    if (typeof sample === 'number' || sample === undefined) kind = k;
    break;
  }
  if (/^ci95$/i.test(name)) return { header: '95% interval +-', kind: 'number' };
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return { header: words, kind, ...(unit ? { unit } : {}) };
}

/** A table from rows of flat objects, columns named from their keys (for results that carry no columns of their own). */
export function inferTable(title: string, rows: readonly Readonly<Record<string, unknown>>[]): TableDoc {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const columns = keys.map((k) => columnFor(k, rows.find((r) => r[k] !== null && r[k] !== undefined)?.[k]));
  return { title, columns, rows: rows.map((r) => keys.map((k) => r[k] as CellValue)) };
}
