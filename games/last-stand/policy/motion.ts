/** The policy's model of last_stand: the tile grid as observed and a tick-by-tick copy of the player's motion. */
import { keysDirection } from '../../common/policy/heading.js';
import type { LastStandView } from './state-view.js';
import type { MovingBody } from '../../common/policy/state-parts.js';

export type TileStatus = 'intact' | 'warning' | 'fallen' | 'none';

/** Held movement keys for one step. */
export type KeyName = 'W' | 'A' | 'S' | 'D' | 'Space';

/** A tile grid lookup built from one observation. */
export class TileMap {
  readonly cols: number;
  readonly rows: number;
  private readonly status: TileStatus[];
  private readonly warnLeft: Float64Array;

  constructor(private readonly view: LastStandView) {
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
 * Runs `ticks` ticks of the game's motion rules on `body` (mutated) from `startMs` after the observation,
 * holding `keys`; returns false as soon as the body drops below the tile tops, which nothing survives.
 */
export function simulate(view: LastStandView, map: TileMap, body: MovingBody, keys: readonly KeyName[], yawDeg: number, ticks: number, startMs: number): boolean {
  const { moveSpeed, jumpSpeed, gravity } = view.physics;
  const dt = view.tickMs / 1000;
  const [mx, mz] = keysDirection(keys, yawDeg);
  const len = Math.hypot(mx, mz);
  const jump = keys.includes('Space');
  for (let i = 1; i <= ticks; i++) {
    const t = startMs + i * view.tickMs;
    if (body.onGround) {
      body.vx = len > 0 ? (mx / len) * moveSpeed : 0;
      body.vz = len > 0 ? (mz / len) * moveSpeed : 0;
      if (jump) {
        body.vy = jumpSpeed;
        body.onGround = false;
      }
    }
    body.x += body.vx * dt;
    body.z += body.vz * dt;
    if (!body.onGround) {
      body.vy -= gravity * dt;
      const prevY = body.y;
      body.y += body.vy * dt;
      if (body.vy < 0 && prevY >= 0 && body.y <= 0 && map.supports(body.x, body.z, t)) {
        body.y = 0;
        body.vy = 0;
        body.onGround = true;
      }
    } else if (!map.supports(body.x, body.z, t)) {
      body.onGround = false;
      body.vy = 0;
    }
    if (!body.onGround && body.y < 0) return false;
  }
  return true;
}
