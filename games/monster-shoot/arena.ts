/** The arena: walls all round, blocks inside, circle collisions, ray casts and the monsters' route field. */
import { pushInto, rayBox, type Centre } from '../common/collide.js';
import { Rules } from './rules.js';
import type { Block, MonsterShootVariant } from './variants.js';

/** Side of one cell of the route field, m. */
const CELL = 1;

export class Arena {
  readonly halfX: number;
  readonly halfZ: number;
  readonly blocks: readonly Block[];
  private readonly cols: number;
  private readonly rows: number;
  /** Cells a monster cannot stand in (blocks grown by its half width). */
  private readonly solid: Uint8Array;
  /** Steps from each cell to the player's cell, 8-connected; -1 unreachable. */
  private readonly distance: Int32Array;
  private fieldKey = -1;
  /** The centre `resolve` pushes out of the blocks (one per arena, not one per block). */
  private readonly pushed: Centre = { x: 0, z: 0 };

  constructor(variant: MonsterShootVariant) {
    this.halfX = variant.halfX;
    this.halfZ = variant.halfZ;
    this.blocks = variant.blocks;
    this.cols = Math.ceil((2 * this.halfX) / CELL);
    this.rows = Math.ceil((2 * this.halfZ) / CELL);
    this.solid = new Uint8Array(this.cols * this.rows);
    this.distance = new Int32Array(this.cols * this.rows).fill(-1);
    const grow = Rules.monsterHalfWidth;
    for (let r = 0; r < this.rows; r++) {
      for (let c = 0; c < this.cols; c++) {
        const x = this.cellX(c);
        const z = this.cellZ(r);
        const blocked = this.blocks.some((b) => x > b.minX - grow && x < b.maxX + grow && z > b.minZ - grow && z < b.maxZ + grow);
        this.solid[r * this.cols + c] = blocked ? 1 : 0;
      }
    }
  }

  private cellX(c: number): number {
    return -this.halfX + (c + 0.5) * CELL;
  }

  private cellZ(r: number): number {
    return -this.halfZ + (r + 0.5) * CELL;
  }

  private colOf(x: number): number {
    return Math.min(this.cols - 1, Math.max(0, Math.floor((x + this.halfX) / CELL)));
  }

  private rowOf(z: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor((z + this.halfZ) / CELL)));
  }

  /** Pushes a circle of `radius` at (x, z) out of the walls and blocks; returns the corrected position. */
  resolve(x: number, z: number, radius: number): [number, number] {
    const p = this.pushed;
    p.x = Math.min(this.halfX - radius, Math.max(-this.halfX + radius, x));
    p.z = Math.min(this.halfZ - radius, Math.max(-this.halfZ + radius, z));
    for (const b of this.blocks) pushInto(p, p.x, p.z, radius, b);
    return [p.x, p.z];
  }

  /**
   * Distance along the ray from (ox, oy, oz) in unit direction (dx, dy, dz) to the first wall, block or the
   * floor, m (`Rules.shotRange` when nothing is hit within range).
   */
  rayDistance(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number): number {
    let best: number = Rules.shotRange;
    if (dy < 0) best = Math.min(best, -oy / dy);
    if (dx > 0) best = Math.min(best, (this.halfX - ox) / dx);
    if (dx < 0) best = Math.min(best, (-this.halfX - ox) / dx);
    if (dz > 0) best = Math.min(best, (this.halfZ - oz) / dz);
    if (dz < 0) best = Math.min(best, (-this.halfZ - oz) / dz);
    for (const b of this.blocks) {
      const t = rayBox(ox, oy, oz, dx, dy, dz, { minX: b.minX, minY: 0, minZ: b.minZ, maxX: b.maxX, maxY: b.height, maxZ: b.maxZ });
      if (t !== undefined && t < best) best = t;
    }
    return Math.max(0, best);
  }

  /** Recomputes the route field towards (x, z) when the player has moved to another cell. */
  updateField(x: number, z: number): void {
    const start = this.rowOf(z) * this.cols + this.colOf(x);
    if (start === this.fieldKey) return;
    this.fieldKey = start;
    const dist = this.distance;
    dist.fill(-1);
    dist[start] = 0;
    const queue = new Int32Array(this.cols * this.rows);
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    while (head < tail) {
      const cell = queue[head++]!;
      const c = cell % this.cols;
      const r = (cell - c) / this.cols;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const nc = c + dc;
          const nr = r + dr;
          if ((dc === 0 && dr === 0) || nc < 0 || nr < 0 || nc >= this.cols || nr >= this.rows) continue;
          const n = nr * this.cols + nc;
          if (dist[n] !== -1 || this.solid[n] === 1) continue;
          // No corner cutting past a block.
          if (dc !== 0 && dr !== 0 && (this.solid[r * this.cols + nc] === 1 || this.solid[nr * this.cols + c] === 1)) continue;
          dist[n] = dist[cell]! + 1;
          queue[tail++] = n;
        }
      }
    }
  }

  /** The point a monster at (x, z) should walk towards to reach the player at (px, pz) around the blocks. */
  nextWaypoint(x: number, z: number, px: number, pz: number): [number, number] {
    if (this.clearPath(x, z, px, pz)) return [px, pz];
    const c = this.colOf(x);
    const r = this.rowOf(z);
    let best: [number, number] = [px, pz];
    let bestDist = this.distance[r * this.cols + c] ?? -1;
    if (bestDist < 0) bestDist = Infinity;
    for (let dr = -1; dr <= 1; dr++) {
      for (let dc = -1; dc <= 1; dc++) {
        const nc = c + dc;
        const nr = r + dr;
        if (nc < 0 || nr < 0 || nc >= this.cols || nr >= this.rows) continue;
        const d = this.distance[nr * this.cols + nc] ?? -1;
        if (d >= 0 && d < bestDist) {
          bestDist = d;
          best = [this.cellX(nc), this.cellZ(nr)];
        }
      }
    }
    return best;
  }

  /** Whether a monster can walk straight from (x0, z0) to (x1, z1) without touching a block. */
  clearPath(x0: number, z0: number, x1: number, z1: number): boolean {
    const grow = Rules.monsterHalfWidth + 0.05;
    const len = Math.hypot(x1 - x0, z1 - z0);
    if (len < 1e-9) return true;
    const dx = (x1 - x0) / len;
    const dz = (z1 - z0) / len;
    for (const b of this.blocks) {
      const t = rayBox(x0, 1, z0, dx, 0, dz, { minX: b.minX - grow, minY: 0, minZ: b.minZ - grow, maxX: b.maxX + grow, maxY: 2, maxZ: b.maxZ + grow });
      if (t !== undefined && t < len) return false;
    }
    return true;
  }
}
