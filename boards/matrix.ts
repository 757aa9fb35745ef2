/** Perceiving: reading a model's matrix strictly and scoring it by cell accuracy against the true one. */
import { ACTION_END, ACTION_START } from '../protocol/index.js';

/** A matrix read from an answer, or why none could be read. */
export type MatrixParse = { readonly ok: true; readonly matrix: number[][] } | { readonly ok: false; readonly reason: 'NO_MATRIX' | 'MALFORMED' | 'BAD_SHAPE'; readonly detail: string };

/** The text a matrix is read from: the last action block, else the whole answer. */
function body(answer: string): string {
  const end = answer.lastIndexOf(ACTION_END);
  const start = end >= 0 ? answer.lastIndexOf(ACTION_START, end) : -1;
  return start >= 0 ? answer.slice(start + ACTION_START.length, end) : answer;
}

/** Reads a rows x cols matrix of integers written as JSON (`[[0,1],[2,0]]`); anything else is refused with a reason. */
export function parseMatrix(answer: string, rows: number, cols: number): MatrixParse {
  const text = body(answer);
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) return { ok: false, reason: 'NO_MATRIX', detail: 'no [[...]] matrix in the answer' };
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return { ok: false, reason: 'MALFORMED', detail: 'the matrix is not valid JSON' };
  }
  if (!Array.isArray(value) || !value.every((r) => Array.isArray(r) && r.every((v) => Number.isInteger(v)))) {
    return { ok: false, reason: 'MALFORMED', detail: 'the matrix must be a list of rows of whole numbers' };
  }
  const m = value as number[][];
  if (m.length !== rows || m.some((r) => r.length !== cols)) {
    return { ok: false, reason: 'BAD_SHAPE', detail: `expected ${rows} rows of ${cols}, got ${m.length} rows of ${m.map((r) => r.length).join('/')}` };
  }
  return { ok: true, matrix: m };
}

/** Share of cells equal to the truth; 0 for an unreadable or mis-shaped answer. */
export function cellAccuracy(answer: string, truth: readonly (readonly number[])[]): { accuracy: number; parse: MatrixParse } {
  const rows = truth.length;
  const cols = truth[0]?.length ?? 0;
  const parse = parseMatrix(answer, rows, cols);
  if (!parse.ok) return { accuracy: 0, parse };
  let same = 0;
  truth.forEach((row, r) => row.forEach((v, c) => (same += parse.matrix[r]![c] === v ? 1 : 0)));
  return { accuracy: same / (rows * cols), parse };
}
