/**
 * The policies' model of a workshop arena: the tile grid, a tick-exact copy of the walking rules (square
 * footprint, axis-by-axis moves, corner assist), which station F acts on, and walking distances.
 */
import type { WorkshopView } from './state-view.js';

export type StationView = WorkshopView['stations'][number];

/** Units (thousandths of a tile) per tile, as the games count positions. */
export const UNIT = 1000;

export interface Body {
  x: number;
  y: number;
  fx: number;
  fy: number;
}

export interface Motion {
  readonly step: number;
  readonly diagStep: number;
  readonly half: number;
}

/** The arena as the policy sees it. */
export class Grid {
  readonly cols: number;
  readonly rows: number;
  readonly motion: Motion;
  private readonly blockedCells: boolean[];
  private readonly stations: (StationView | undefined)[];

  constructor(view: WorkshopView) {
    this.cols = view.grid.cols;
    this.rows = view.grid.rows;
    this.motion = { step: Math.round(view.motion.step * UNIT), diagStep: Math.round(view.motion.diagStep * UNIT), half: Math.round(view.motion.halfSize * UNIT) };
    this.blockedCells = [];
    for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) this.blockedCells.push(view.grid.cells[r]?.[c] !== '.');
    this.stations = new Array<StationView | undefined>(this.cols * this.rows).fill(undefined);
    for (const s of view.stations) if (s.col < this.cols && s.row < this.rows) this.stations[s.row * this.cols + s.col] = s;
  }

  blocked(col: number, row: number): boolean {
    if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return true;
    return this.blockedCells[row * this.cols + col] ?? true;
  }

  stationAt(col: number, row: number): StationView | undefined {
    if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return undefined;
    return this.stations[row * this.cols + col];
  }

  index(col: number, row: number): number {
    return row * this.cols + col;
  }
}

/** A player's body in units. */
export function bodyOf(player: WorkshopView['players'][number]): Body {
  return { x: Math.round(player.x * UNIT), y: Math.round(player.y * UNIT), fx: player.facingX, fy: player.facingY };
}

export function tileOf(body: { readonly x: number; readonly y: number }): { col: number; row: number } {
  return { col: Math.floor(body.x / UNIT), row: Math.floor(body.y / UNIT) };
}

/** One tick of walking in direction (dx, dy), exactly as the games do it. */
export function moveBody(body: Body, dx: number, dy: number, grid: Grid): void {
  if (dx === 0 && dy === 0) return;
  body.fx = dx;
  body.fy = dy;
  const step = dx !== 0 && dy !== 0 ? grid.motion.diagStep : grid.motion.step;
  const straight = dx === 0 || dy === 0;
  if (dx !== 0) moveAxis(body, true, dx * step, grid, straight);
  if (dy !== 0) moveAxis(body, false, dy * step, grid, straight);
}

function moveAxis(body: Body, alongX: boolean, d: number, grid: Grid, assist: boolean): void {
  const h = grid.motion.half;
  const pos = alongX ? body.x : body.y;
  const side = alongX ? body.y : body.x;
  const next = pos + d;
  const lead = d > 0 ? Math.floor((next + h - 1) / UNIT) : Math.floor((next - h) / UNIT);
  const blockedAt = (along: number, across: number): boolean => (alongX ? grid.blocked(along, across) : grid.blocked(across, along));
  let hit = false;
  for (let t = Math.floor((side - h) / UNIT); t <= Math.floor((side + h - 1) / UNIT); t++) hit ||= blockedAt(lead, t);
  if (!hit) {
    if (alongX) body.x = next;
    else body.y = next;
    return;
  }
  const stop = d > 0 ? lead * UNIT - h : (lead + 1) * UNIT + h;
  const centreLine = Math.floor(side / UNIT);
  let nudged = side;
  if (assist && !blockedAt(lead, centreLine)) {
    const target = centreLine * UNIT + UNIT / 2;
    nudged = side + Math.max(-Math.abs(d), Math.min(Math.abs(d), target - side));
  }
  const clamped = d > 0 ? Math.min(next, stop) : Math.max(next, stop);
  if (alongX) {
    body.x = clamped;
    body.y = nudged;
  } else {
    body.y = clamped;
    body.x = nudged;
  }
}

const NEIGHBOURS = [[0, -1], [1, 0], [0, 1], [-1, 0]] as const;

/** The station F would act on: the faced one beside the body's tile, else the nearest beside it. */
export function targetStation(body: Body, grid: Grid): StationView | undefined {
  const { col, row } = tileOf(body);
  let best: StationView | undefined;
  let bestRank = Infinity;
  for (const [dc, dr] of NEIGHBOURS) {
    const station = grid.stationAt(col + dc, row + dr);
    if (station === undefined) continue;
    const faced = dc * body.fx + dr * body.fy > 0 ? 0 : 1;
    const cx = (col + dc) * UNIT + UNIT / 2 - body.x;
    const cy = (row + dr) * UNIT + UNIT / 2 - body.y;
    const rank = faced * 1e12 + cx * cx + cy * cy;
    if (rank < bestRank) {
      bestRank = rank;
      best = station;
    }
  }
  return best;
}

/** Floor tiles walkable from (col, row), as tile indices. */
export function reachable(grid: Grid, col: number, row: number): Set<number> {
  const seen = new Set<number>();
  if (grid.blocked(col, row)) return seen;
  const queue: [number, number][] = [[col, row]];
  seen.add(grid.index(col, row));
  for (let i = 0; i < queue.length; i++) {
    const [c, r] = queue[i]!;
    for (const [dc, dr] of NEIGHBOURS) {
      const nc = c + dc;
      const nr = r + dr;
      if (grid.blocked(nc, nr) || seen.has(grid.index(nc, nr))) continue;
      seen.add(grid.index(nc, nr));
      queue.push([nc, nr]);
    }
  }
  return seen;
}

/** Floor tiles in `area` from which `station` can be used. */
export function approachTiles(grid: Grid, station: StationView, area: ReadonlySet<number>): number[] {
  const tiles: number[] = [];
  for (const [dc, dr] of NEIGHBOURS) {
    const c = station.col + dc;
    const r = station.row + dr;
    if (!grid.blocked(c, r) && area.has(grid.index(c, r))) tiles.push(grid.index(c, r));
  }
  return tiles;
}

/** Walking distance in tiles from every floor tile to the nearest of `goals` (-1 where unreachable). */
export function distanceField(grid: Grid, goals: readonly number[]): Int32Array {
  const field = new Int32Array(grid.cols * grid.rows).fill(-1);
  const queue = [...goals];
  for (const g of goals) field[g] = 0;
  for (let i = 0; i < queue.length; i++) {
    const t = queue[i]!;
    const c = t % grid.cols;
    const r = (t - c) / grid.cols;
    for (const [dc, dr] of NEIGHBOURS) {
      const nc = c + dc;
      const nr = r + dr;
      if (grid.blocked(nc, nr) || field[grid.index(nc, nr)] !== -1) continue;
      field[grid.index(nc, nr)] = field[t]! + 1;
      queue.push(grid.index(nc, nr));
    }
  }
  return field;
}

/** A smooth walking-distance estimate in tiles from `body` to the goals of `field`. */
export function potential(grid: Grid, field: Int32Array, body: Body): number {
  const { col, row } = tileOf(body);
  let best = Infinity;
  for (let dr = -1; dr <= 1; dr++) {
    for (let dc = -1; dc <= 1; dc++) {
      const c = col + dc;
      const r = row + dr;
      if (grid.blocked(c, r)) continue;
      // A diagonal neighbour counts only when the corner between is open.
      if (dc !== 0 && dr !== 0 && (grid.blocked(col + dc, row) || grid.blocked(col, row + dr))) continue;
      const f = field[grid.index(c, r)] ?? -1;
      if (f < 0) continue;
      const d = Math.hypot(body.x - (c * UNIT + UNIT / 2), body.y - (r * UNIT + UNIT / 2)) / UNIT;
      best = Math.min(best, f + d);
    }
  }
  return best;
}
