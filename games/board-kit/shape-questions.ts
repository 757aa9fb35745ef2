/** Multiple-choice questions about shapes on a grid of cell codes, with exact answers computed from the grid. */
import type { Prng } from '../../protocol/index.js';
import { cellName, type Cell } from './cells.js';
import { SHAPES, groups, longestRun, runsOf, segmentsOf, shapeOf, uniformBlocks, type CodeGrid, type Segment } from './shapes.js';
import type { BoardQuestion } from './task-kit.js';

/** How a question names a cell (the grid boards' `b3` unless told otherwise). */
export type CellNamer = (cell: Cell) => string;

/** A question that could be asked (the builders here give undefined when a position has nothing to ask about). */
export const isQuestion = (q: BoardQuestion | undefined): q is BoardQuestion => q !== undefined;

/** Up to `n` distinct items of `pool` other than `answer`, in a seeded order. */
export function pickWrong(pool: readonly string[], answer: string, rng: Prng, n = 3): string[] {
  const rest = [...new Set(pool)].filter((o) => o !== answer);
  for (let i = rest.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [rest[i], rest[j]] = [rest[j]!, rest[i]!];
  }
  return rest.slice(0, n);
}

/** `n` wrong options: seeded picks from `first`, then from `rest` for what `first` lacks. */
export function pickPreferred(first: readonly string[], rest: readonly string[], answer: string, rng: Prng, n = 3): string[] {
  const chosen = pickWrong(first, answer, rng, n);
  return [...chosen, ...pickWrong(rest.filter((r) => !chosen.includes(r)), answer, rng, n - chosen.length)];
}

/** Three wrong counts near `n`, never below 0. */
export function nearCounts(n: number): string[] {
  return [n + 1, n + 2, n === 0 ? n + 3 : n - 1].map(String);
}

const cellsOf = (s: Segment): Cell[] => {
  const k = Math.max(Math.abs(s.to.row - s.from.row), Math.abs(s.to.col - s.from.col));
  return Array.from({ length: k + 1 }, (_, i) => ({ row: s.from.row + i * Math.sign(s.to.row - s.from.row), col: s.from.col + i * Math.sign(s.to.col - s.from.col) }));
};

/** "What shape does the group of `noun` including cell X form?" over a seeded group of `value` (larger groups first); undefined without any. */
export function groupShapeQuestion(g: CodeGrid, value: number, noun: string, rng: Prng, name: CellNamer = cellName): BoardQuestion | undefined {
  const all = groups(g, (v) => v === value, true);
  if (all.length === 0) return undefined;
  const larger = all.filter((x) => x.length > 1);
  const pool = larger.length > 0 ? larger : all;
  const group = pool[rng.int(pool.length)]!;
  const cell = group[rng.int(group.length)]!;
  const answer = shapeOf(group);
  return {
    question: `Count ${noun} that touch side by side or corner to corner as one group. What shape does the group of ${noun} that includes ${name(cell)} form?`,
    answer,
    wrong: pickWrong(SHAPES, answer, rng),
  };
}

/** "Which of these lines of `k` `noun` is on the board?": a seeded run of `value` and three segments that are not runs; undefined without a run. */
export function runQuestion(g: CodeGrid, value: number, k: number, noun: string, rng: Prng, name: CellNamer = cellName): BoardQuestion | undefined {
  const runs = runsOf(g, value, k);
  if (runs.length === 0) return undefined;
  const label = (s: Segment): string => `${name(s.from)}-${name(s.to)}`;
  const broken = segmentsOf(g.length, g[0]!.length, k).filter((s) => !cellsOf(s).every((c) => g[c.row]![c.col] === value));
  // Near misses first: segments holding all but one of the k.
  const near = broken.filter((s) => cellsOf(s).filter((c) => g[c.row]![c.col] === value).length === k - 1);
  const answer = label(runs[rng.int(runs.length)]!);
  const wrong = pickPreferred(near.map(label), broken.map(label), answer, rng);
  if (wrong.length < 3) return undefined;
  return { question: `Which of these is an unbroken line of ${k} ${noun} (along a row, a column or a diagonal, named by its two end cells)?`, answer, wrong };
}

/** "How long is the longest unbroken straight line of `noun`?" */
export function longestRunQuestion(g: CodeGrid, value: number, noun: string): BoardQuestion {
  const n = longestRun(g, value);
  return { question: `How many ${noun} long is the longest unbroken line of ${noun} along a row, a column or a diagonal?`, answer: String(n), wrong: nearCounts(n) };
}

/** "Which 2x2 block is filled with `noun` of one colour?": a seeded uniform block, or 'none of these' (offered either way). */
export function uniformBlockQuestion(g: CodeGrid, empty: number, noun: string, rng: Prng): BoardQuestion | undefined {
  const blocks = uniformBlocks(g, 2, empty);
  const label = (c: Cell): string => `${cellName(c)}-${cellName({ row: c.row + 1, col: c.col + 1 })}`;
  const uniform = new Set(blocks.map(label));
  const corners = g.slice(0, -1).flatMap((row, r) => row.slice(0, -1).map((_, c) => ({ row: r, col: c })));
  const filled = (c: Cell): number => [0, 1].flatMap((i) => [0, 1].map((j) => g[c.row + i]![c.col + j]!)).filter((v) => v !== empty).length;
  const mixed = corners.filter((c) => !uniform.has(label(c)));
  const nearly = mixed.filter((c) => filled(c) >= 3).map(label);
  const none = 'none of these';
  const answer = blocks.length === 0 ? none : label(blocks[rng.int(blocks.length)]!);
  const wrong = blocks.length === 0 ? pickPreferred(nearly, mixed.map(label), none, rng) : [none, ...pickPreferred(nearly, mixed.map(label), answer, rng, 2)];
  if (wrong.length < 3) return undefined;
  return { question: `Which 2x2 block of cells (named by its top-left and bottom-right cells) is filled with ${noun} of one colour?`, answer, wrong };
}

/** Regions of the cells `inside` accepts (touching side by side): how many there are, how big the largest, and which cell lies in it. */
export function regionQuestions(g: CodeGrid, inside: (value: number) => boolean, what: string, rng: Prng): BoardQuestion[] {
  const regions = groups(g, inside, false);
  const sizes = regions.map((r) => r.length).sort((a, b) => b - a);
  const largest = sizes[0] ?? 0;
  const out: BoardQuestion[] = [
    { question: `How many separate regions of ${what} are there (a region's cells touch side by side)?`, answer: String(regions.length), wrong: nearCounts(regions.length) },
    { question: `How many cells are in the largest region of ${what} (cells touching side by side)?`, answer: String(largest), wrong: nearCounts(largest) },
  ];
  // Which cell is in the largest region, when one region is the largest.
  if (regions.length > 0 && sizes[1] !== largest) {
    const region = regions.find((r) => r.length === largest)!;
    const outside = g.flatMap((row, r) => row.map((_, c) => ({ row: r, col: c }))).filter((c) => !region.some((x) => x.row === c.row && x.col === c.col));
    const answer = cellName(region[rng.int(region.length)]!);
    const wrong = pickPreferred(outside.filter((c) => inside(g[c.row]![c.col]!)).map(cellName), outside.map(cellName), answer, rng);
    if (wrong.length === 3) out.push({ question: `Which of these cells lies in the largest region of ${what} (cells touching side by side)?`, answer, wrong });
  }
  return out;
}
