/** The last_stand policy's view of the tile grid as observed (warning tiles dropping on time), and the game's own motion over it. */
import { moveControls } from '../../common/policy/move-keys.js';
import { BodyWalk, type PlayerBody } from '../player.js';
import type { LastStandState } from '../state.js';

export type TileStatus = 'intact' | 'warning' | 'fallen' | 'none';

/** Held movement keys for one step. */
export type KeyName = 'W' | 'A' | 'S' | 'D' | 'Space';

/** A tile grid lookup built from one observation. */
export class TileMap {
  readonly cols: number;
  readonly rows: number;
  private readonly status: TileStatus[];
  private readonly warnLeft: Float64Array;

  constructor(private readonly view: LastStandState) {
    this.cols = view.grid.cols;
    this.rows = view.grid.rows;
    this.status = new Array<TileStatus>(this.cols * this.rows).fill('none');
    this.warnLeft = new Float64Array(this.cols * this.rows);
    for (const t of view.tiles) {
      if (t.col >= this.cols || t.row >= this.rows) continue;
      this.status[t.row * this.cols + t.col] = t.status;
      this.warnLeft[t.row * this.cols + t.col] = t.warnLeftMs;
    }
  }

  statusAt(col: number, row: number): TileStatus {
    if (col < 0 || row < 0 || col >= this.cols || row >= this.rows) return 'none';
    return this.status[row * this.cols + col] ?? 'none';
  }

  /** Time before a warning tile drops, ms (Infinity for an intact tile, 0 for none). */
  lifeMs(col: number, row: number): number {
    const s = this.statusAt(col, row);
    if (s === 'intact') return Infinity;
    return s === 'warning' ? (this.warnLeft[row * this.cols + col] ?? 0) : 0;
  }

  colOf(x: number): number {
    return Math.round((x - this.view.grid.originX) / this.view.grid.tileSize);
  }

  rowOf(z: number): number {
    return Math.round((z - this.view.grid.originZ) / this.view.grid.tileSize);
  }

  centerX(col: number): number {
    return this.view.grid.originX + col * this.view.grid.tileSize;
  }

  centerZ(row: number): number {
    return this.view.grid.originZ + row * this.view.grid.tileSize;
  }

  /** Whether a tile holds the player at world (x, z) `atMs` from now (a safety margin included). */
  supports(x: number, z: number, atMs: number): boolean {
    return this.lifeMs(this.colOf(x), this.rowOf(z)) > atMs + 40;
  }
}

/**
 * Runs `ticks` ticks of the game's own step (`BodyWalk`, as `stepBody`) on `body` (mutated) from `startMs` after the observation,
 * holding `keys`, on the tiles as `map` expects them then; returns false as soon as the body drops below the
 * tile tops, which nothing survives.
 */
export function simulate(view: LastStandState, map: TileMap, body: PlayerBody, keys: readonly KeyName[], yawDeg: number, ticks: number, startMs: number): boolean {
  const walk = new BodyWalk(moveControls(keys), yawDeg, view.tickMs);
  let atMs = startMs;
  const tiles = { supports: (x: number, z: number): boolean => map.supports(x, z, atMs) };
  for (let i = 1; i <= ticks; i++) {
    atMs = startMs + i * view.tickMs;
    walk.step(body, tiles);
    if (!body.onGround && body.y < 0) return false;
  }
  return true;
}

/** The observed body, as a mutable copy for `simulate`. */
export function bodyOf(view: LastStandState): PlayerBody {
  const p = view.player;
  return { x: p.x, y: p.y, z: p.z, vx: p.vx, vy: p.vy, vz: p.vz, onGround: p.onGround, facingDeg: 0 };
}
