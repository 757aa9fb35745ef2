/**
 * Where to shoot the enemy crystal from: the walkable cells of a grid over the arena from whose eye height
 * the crystal is in range and in sight through its gate, and each cell's walking distance to the nearest one.
 */
import type { CrystalGuardState } from '../state.js';
import { blocked, center, clearLine, walkBlocks, type Vec3 } from './sight.js';

/** Grid cell size, m. */
export const CELL = 0.5;

export interface FiringField {
  readonly cols: number;
  readonly rows: number;
  readonly x0: number;
  readonly z0: number;
  /** Walking distance (m) from each cell to the nearest firing cell; Infinity for blocked or cut-off cells. */
  readonly distance: Float64Array;
}

/** Builds the field for a player of `team` shooting at the other team's crystal. */
export function buildFiringField(view: CrystalGuardState, team: number): FiringField {
  const cols = Math.ceil(view.arena.width / CELL);
  const rows = Math.ceil(view.arena.length / CELL);
  const x0 = -view.arena.width / 2;
  const z0 = -view.arena.length / 2;
  const blocks = walkBlocks(view);
  const crystal = view.crystals.find((c) => c.team !== team)!;
  const own = view.crystals.filter((c) => c.team === team);
  const target = center(crystal);
  const half = (crystal.max[0] - crystal.min[0]) / 2;
  const distance = new Float64Array(cols * rows).fill(Infinity);
  const walkable = new Uint8Array(cols * rows);
  const queue: number[] = [];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const x = x0 + (c + 0.5) * CELL;
      const z = z0 + (r + 0.5) * CELL;
      if (blocked(blocks, x, z)) continue;
      walkable[r * cols + c] = 1;
      const eye: Vec3 = [x, view.rules.eyeHeight, z];
      const far = Math.hypot(target[0] - x, target[1] - eye[1], target[2] - z);
      if (far > view.rules.shotRange - 1.5) continue;
      // In sight with room to spare: the centre and points part-way to either side must all be visible.
      const sides: Vec3[] = [target, [target[0] - half * 0.5, target[1], target[2]], [target[0] + half * 0.5, target[1], target[2]]];
      if (sides.every((p) => clearLine(view, eye, p, own))) {
        distance[r * cols + c] = 0;
        queue.push(r * cols + c);
      }
    }
  }
  // Dijkstra over the 8-neighbour grid (few distinct costs, so a sorted queue is cheap enough here).
  const steps: readonly (readonly [number, number, number])[] = [[1, 0, 1], [-1, 0, 1], [0, 1, 1], [0, -1, 1], [1, 1, Math.SQRT2], [1, -1, Math.SQRT2], [-1, 1, Math.SQRT2], [-1, -1, Math.SQRT2]];
  let open = queue;
  while (open.length > 0) {
    const next: number[] = [];
    for (const i of open) {
      const r = Math.floor(i / cols);
      const c = i % cols;
      for (const [dc, dr, cost] of steps) {
        const cc = c + dc;
        const rr = r + dr;
        if (cc < 0 || rr < 0 || cc >= cols || rr >= rows) continue;
        const j = rr * cols + cc;
        // Diagonal moves may not cut a blocked corner.
        if (!walkable[j] || (dc !== 0 && dr !== 0 && (!walkable[r * cols + cc] || !walkable[rr * cols + c]))) continue;
        const d = distance[i]! + cost * CELL;
        if (d < distance[j]! - 1e-9) {
          distance[j] = d;
          next.push(j);
        }
      }
    }
    open = next;
  }
  return { cols, rows, x0, z0, distance };
}

/** The field's distance at world (x, z). */
export function fieldAt(field: FiringField, x: number, z: number): number {
  const c = Math.floor((x - field.x0) / CELL);
  const r = Math.floor((z - field.z0) / CELL);
  if (c < 0 || r < 0 || c >= field.cols || r >= field.rows) return Infinity;
  return field.distance[r * field.cols + c] ?? Infinity;
}
