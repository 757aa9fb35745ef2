/** The tile grid: which tiles exist, which are warning, and which have fallen. */
import { Rules } from './rules.js';
import type { LastStandVariant } from './variants.js';

export type TileStatus = 'intact' | 'warning' | 'fallen';

export interface Tile {
  readonly col: number;
  readonly row: number;
  status: TileStatus;
  /** Time left before a warning tile drops, ms (0 unless warning). */
  warnLeftMs: number;
  /** Time since the tile dropped, ms (0 unless fallen); drives the fall animation. */
  fallenMs: number;
}

/** Something the platform did this tick, for the event stream. */
export interface TileChange {
  readonly name: 'tile_warn' | 'tile_fell';
  readonly tile: Tile;
}

export class Platform {
  readonly cols: number;
  readonly rows: number;
  /** Every tile that exists, row by row. */
  readonly tiles: readonly Tile[];
  /** World x and z of the centre of tile (0, 0); tile (c, r) is at originX + c * tileSize, originZ + r * tileSize. */
  readonly originX: number;
  readonly originZ: number;
  private readonly grid: (Tile | undefined)[];

  constructor(variant: LastStandVariant) {
    this.cols = variant.cols;
    this.rows = variant.rows;
    this.originX = (-(variant.cols - 1) / 2) * Rules.tileSize;
    this.originZ = (-(variant.rows - 1) / 2) * Rules.tileSize;
    const holeC0 = Math.floor((variant.cols - variant.hole) / 2);
    const holeR0 = Math.floor((variant.rows - variant.hole) / 2);
    const inHole = (c: number, r: number): boolean =>
      variant.hole > 0 && c >= holeC0 && c < holeC0 + variant.hole && r >= holeR0 && r < holeR0 + variant.hole;
    const tiles: Tile[] = [];
    this.grid = [];
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const tile = inHole(c, r) ? undefined : { col: c, row: r, status: 'intact' as TileStatus, warnLeftMs: 0, fallenMs: 0 };
        this.grid.push(tile);
        if (tile) tiles.push(tile);
      }
    }
    this.tiles = tiles;
  }

  /** The tile at (col, row), if it exists (fallen or not). */
  tileAt(col: number, row: number): Tile | undefined {
    if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return undefined;
    return this.grid[row * this.cols + col];
  }

  /** The tile whose square contains world point (x, z), fallen or not. */
  tileUnder(x: number, z: number): Tile | undefined {
    return this.tileAt(Math.round((x - this.originX) / Rules.tileSize), Math.round((z - this.originZ) / Rules.tileSize));
  }

  /** Whether something stands under world point (x, z): an intact or warning tile. */
  supports(x: number, z: number): boolean {
    const tile = this.tileUnder(x, z);
    return tile !== undefined && tile.status !== 'fallen';
  }

  /** World x of column `col`'s centre. */
  centerX(col: number): number {
    return this.originX + col * Rules.tileSize;
  }

  /** World z of row `row`'s centre. */
  centerZ(row: number): number {
    return this.originZ + row * Rules.tileSize;
  }

  /** Intact tiles, in row order. */
  intact(): Tile[] {
    return this.tiles.filter((t) => t.status === 'intact');
  }

  /** Starts `tile`'s warning; it drops `Rules.warnMs` later. */
  warn(tile: Tile, changes: TileChange[]): void {
    if (tile.status !== 'intact') return;
    tile.status = 'warning';
    tile.warnLeftMs = Rules.warnMs;
    changes.push({ name: 'tile_warn', tile });
  }

  /** Advances warnings and fall animations by `dtMs`. */
  update(dtMs: number, changes: TileChange[]): void {
    for (const tile of this.tiles) {
      if (tile.status === 'warning') {
        tile.warnLeftMs -= dtMs;
        if (tile.warnLeftMs <= 0) {
          tile.status = 'fallen';
          tile.warnLeftMs = 0;
          changes.push({ name: 'tile_fell', tile });
        }
      } else if (tile.status === 'fallen') {
        tile.fallenMs += dtMs;
      }
    }
  }
}
