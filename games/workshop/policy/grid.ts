/**
 * The policies' view of a workshop arena as observed: the tile grid the game's own `moveBody` walks on, the
 * stations by tile, and walking distances.
 */
import { isBlocked, type Walls } from '../layout.js';
import { NEIGHBOURS, tileOf, type Body } from '../movement.js';
import { Rules } from '../rules.js';
import type { WorkshopState } from '../state.js';

export type StationView = WorkshopState['stations'][number];

/** The arena as the policy sees it. */
export class Grid {
  readonly cols: number;
  readonly rows: number;
  /** The observed walls, for the game's `moveBody`. */
  readonly walls: Walls;
  private readonly stations: (StationView | undefined)[];

  constructor(view: WorkshopState) {
    this.cols = view.grid.cols;
    this.rows = view.grid.rows;
    const blocked: boolean[] = [];
    for (let r = 0; r < this.rows; r++) for (let c = 0; c < this.cols; c++) blocked.push(view.grid.cells[r]?.[c] !== '.');
    this.walls = { cols: this.cols, rows: this.rows, blocked };
    this.stations = new Array<StationView | undefined>(this.cols * this.rows).fill(undefined);
    for (const s of view.stations) if (s.col < this.cols && s.row < this.rows) this.stations[s.row * this.cols + s.col] = s;
  }

  blocked(col: number, row: number): boolean {
    return isBlocked(this.walls, col, row);
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
export function bodyOf(player: WorkshopState['players'][number]): Body {
  return { x: Math.round(player.x * Rules.unit), y: Math.round(player.y * Rules.unit), fx: player.facingX, fy: player.facingY };
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
      const d = Math.hypot(body.x - (c * Rules.unit + Rules.unit / 2), body.y - (r * Rules.unit + Rules.unit / 2)) / Rules.unit;
      best = Math.min(best, f + d);
    }
  }
  return best;
}
