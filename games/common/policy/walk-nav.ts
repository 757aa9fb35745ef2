/**
 * Walking to an object and using it, for the scene_escape and cue_chase policies (both games use an object
 * from within `reach`, facing it within `facingDeg`, with nothing solid in between): a distance field over a
 * fine grid from every spot the object can be used from, then per step the key set whose simulated move
 * lowers the field most, with F once the player stands at such a spot facing the object.
 */
import type { ActionChunk } from '../../../protocol/index.js';
import { DEG, wrapDeg } from '../angles.js';
import { clearLine, type Aabb } from '../collide.js';
import type { MoveControls } from '../held-keys.js';
import { walkAmong } from '../walker.js';
import { moveControls } from './move-keys.js';
import { ticksPerStep, type ChunkTiming } from './plan-timing.js';

/** An axis-aligned box, m. */
export type NavBox = Aabb;

/** The walking and using rules of the game. */
export interface NavRules {
  readonly moveSpeed: number;
  readonly playerRadius: number;
  readonly reach: number;
  readonly facingDeg: number;
  readonly tickMs: number;
}

/** What to walk to: a point, and the box it stands in (not counted as blocking the view of itself). */
export interface NavTarget {
  readonly x: number;
  readonly z: number;
  readonly own: NavBox | undefined;
}

export interface NavWorld {
  /** The walkable area spans [minX, maxX] x [minZ, maxZ]. */
  readonly minX: number;
  readonly minZ: number;
  readonly maxX: number;
  readonly maxZ: number;
  readonly solids: readonly NavBox[];
}

const CELL = 0.2;
/** Grid neighbours as (dc, dr) pairs: four sides, then four diagonals. */
const NEIGHBOURS = Int8Array.from([1, 0, -1, 0, 0, 1, 0, -1, 1, 1, 1, -1, -1, 1, -1, -1]);
const KEYSETS: readonly (readonly string[])[] = [[], ['W'], ['S'], ['A'], ['D'], ['W', 'A'], ['W', 'D'], ['S', 'A'], ['S', 'D']];
const KEY_CONTROLS: readonly MoveControls[] = KEYSETS.map(moveControls);

const sameBox = (a: NavBox, b: NavBox | undefined): boolean =>
  b !== undefined && a.minX === b.minX && a.maxX === b.maxX && a.minZ === b.minZ && a.maxZ === b.maxZ && a.minY === b.minY && a.maxY === b.maxY;

/** Whether the player at (x, z) with heading `yaw` can use the target, by the games' rule; `others` are the boxes that can block its view (every solid but its own). */
function usable(others: readonly NavBox[], rules: NavRules, target: NavTarget, x: number, z: number, yaw: number, slack: number): boolean {
  const dist = Math.hypot(target.x - x, target.z - z);
  if (dist > rules.reach - slack) return false;
  const angle = dist < 1e-6 ? 0 : Math.abs(wrapDeg(Math.atan2(target.x - x, target.z - z) * DEG - yaw));
  if (angle > rules.facingDeg - slack * 20) return false;
  return clearLine(x, z, target.x, target.z, 1, others);
}

/** A geodesic distance field to the spots the target can be used from, on a grid of free cells. */
class Field {
  readonly cols: number;
  readonly rows: number;
  readonly dist: Float64Array;

  constructor(
    private readonly world: NavWorld,
    rules: NavRules,
    target: NavTarget,
  ) {
    this.cols = Math.ceil((world.maxX - world.minX) / CELL);
    this.rows = Math.ceil((world.maxZ - world.minZ) / CELL);
    const n = this.cols * this.rows;
    const free = new Uint8Array(n).fill(1);
    const grow = rules.playerRadius + 0.06;
    // Mark the cells whose centres lie inside each walking blocker grown by the body's radius.
    for (const b of world.solids) {
      if (b.minY >= 1.5) continue;
      const c0 = Math.max(0, Math.ceil((b.minX - grow - world.minX) / CELL - 0.5));
      const c1 = Math.min(this.cols - 1, Math.floor((b.maxX + grow - world.minX) / CELL - 0.5));
      const r0 = Math.max(0, Math.ceil((b.minZ - grow - world.minZ) / CELL - 0.5));
      const r1 = Math.min(this.rows - 1, Math.floor((b.maxZ + grow - world.minZ) / CELL - 0.5));
      for (let r = r0; r <= r1; r++) free.fill(0, r * this.cols + c0, r * this.cols + c1 + 1);
    }
    this.dist = new Float64Array(n).fill(Infinity);
    const heap = new MinHeap();
    const others = world.solids.filter((b) => !sameBox(b, target.own));
    const reachCells = Math.ceil(rules.reach / CELL) + 1;
    const tc = Math.floor((target.x - world.minX) / CELL);
    const tr = Math.floor((target.z - world.minZ) / CELL);
    for (let r = Math.max(0, tr - reachCells); r < Math.min(this.rows, tr + reachCells + 1); r++) {
      for (let c = Math.max(0, tc - reachCells); c < Math.min(this.cols, tc + reachCells + 1); c++) {
        const i = r * this.cols + c;
        if (free[i] === 0) continue;
        const d = Math.hypot(target.x - this.x(c), target.z - this.z(r));
        if (d > rules.reach - 0.45 || !clearLine(this.x(c), this.z(r), target.x, target.z, 1, others)) continue;
        this.dist[i] = 0;
        heap.push(0, i);
      }
    }
    const cols = this.cols;
    const dist = this.dist;
    for (let i = heap.pop(); i >= 0; i = heap.pop()) {
      const d = heap.lastPriority;
      if (d > dist[i]!) continue;
      const c = i % cols;
      const r = (i - c) / cols;
      for (let k = 0; k < 8; k++) {
        const dc = NEIGHBOURS[k * 2]!;
        const dr = NEIGHBOURS[k * 2 + 1]!;
        const nc = c + dc;
        const nr = r + dr;
        if (nc < 0 || nr < 0 || nc >= cols || nr >= this.rows) continue;
        const j = nr * cols + nc;
        if (free[j] === 0 || (k >= 4 && (free[r * cols + nc] === 0 || free[nr * cols + c] === 0))) continue;
        const nd = d + (k >= 4 ? Math.SQRT2 : 1) * CELL;
        if (nd < dist[j]!) {
          dist[j] = nd;
          heap.push(nd, j);
        }
      }
    }
  }

  x(c: number): number {
    return this.world.minX + (c + 0.5) * CELL;
  }

  z(r: number): number {
    return this.world.minZ + (r + 0.5) * CELL;
  }

  /** Field value at a world point: the nearest finite cell's distance plus the way to it. */
  at(x: number, z: number): number {
    const c0 = Math.floor((x - this.world.minX) / CELL);
    const r0 = Math.floor((z - this.world.minZ) / CELL);
    let best = Infinity;
    for (let dr = -2; dr <= 2; dr++) {
      for (let dc = -2; dc <= 2; dc++) {
        const c = c0 + dc;
        const r = r0 + dr;
        if (c < 0 || r < 0 || c >= this.cols || r >= this.rows) continue;
        const d = this.dist[r * this.cols + c]!;
        if (Number.isFinite(d)) best = Math.min(best, d + Math.hypot(this.x(c) - x, this.z(r) - z));
      }
    }
    return best;
  }

  /** The point about `ahead` metres down the field from (x, z). */
  lookahead(x: number, z: number, ahead: number): [number, number] {
    let c = Math.min(this.cols - 1, Math.max(0, Math.floor((x - this.world.minX) / CELL)));
    let r = Math.min(this.rows - 1, Math.max(0, Math.floor((z - this.world.minZ) / CELL)));
    let walked = 0;
    while (walked < ahead) {
      let best = this.dist[r * this.cols + c]!;
      let next: [number, number] | undefined;
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          const nc = c + dc;
          const nr = r + dr;
          if (nc < 0 || nr < 0 || nc >= this.cols || nr >= this.rows) continue;
          const d = this.dist[nr * this.cols + nc]!;
          if (d < best) {
            best = d;
            next = [nc, nr];
          }
        }
      }
      if (next === undefined) break;
      walked += Math.hypot(next[0] - c, next[1] - r) * CELL;
      [c, r] = next;
    }
    return [this.x(c), this.z(r)];
  }
}

/** Everything a `Field` is made from, as numbers: two plans with the same numbers get the same field. */
function fieldKey(world: NavWorld, rules: NavRules, target: NavTarget): Float64Array {
  const own = target.own;
  const head = [world.minX, world.minZ, world.maxX, world.maxZ, rules.playerRadius, rules.reach, target.x, target.z, world.solids.length, own === undefined ? 0 : 1];
  const key = new Float64Array(head.length + world.solids.length * 6 + (own === undefined ? 0 : 6));
  key.set(head);
  let k = head.length;
  const put = (b: NavBox): void => {
    key[k++] = b.minX;
    key[k++] = b.minY;
    key[k++] = b.minZ;
    key[k++] = b.maxX;
    key[k++] = b.maxY;
    key[k++] = b.maxZ;
  };
  for (const b of world.solids) put(b);
  if (own !== undefined) put(own);
  return key;
}

const sameKey = (a: Float64Array, b: Float64Array): boolean => a.length === b.length && a.every((v, i) => Object.is(v, b[i]));

/** The fields of the last few plans, newest first: a scene holds still while its player walks, so a plan mostly finds its field made. */
const fields: { key: Float64Array; field: Field }[] = [];
const FIELDS_KEPT = 4;

/** The field for this world, rules and target, made once for as long as they stay the same. */
function fieldFor(world: NavWorld, rules: NavRules, target: NavTarget): Field {
  const key = fieldKey(world, rules, target);
  const at = fields.findIndex((f) => sameKey(f.key, key));
  const found = at >= 0 ? fields.splice(at, 1)[0]!.field : new Field(world, rules, target);
  fields.unshift({ key, field: found });
  fields.length = Math.min(fields.length, FIELDS_KEPT);
  return found;
}

/** A binary min-heap of (priority, value) pairs on typed arrays; `pop` answers the value, or -1 when empty. */
class MinHeap {
  private priorities = new Float64Array(1024);
  private values = new Int32Array(1024);
  private size = 0;
  /** Priority of the value `pop` answered last. */
  lastPriority = 0;

  push(priority: number, value: number): void {
    if (this.size === this.values.length) {
      const p = new Float64Array(this.size * 2);
      const v = new Int32Array(this.size * 2);
      p.set(this.priorities);
      v.set(this.values);
      this.priorities = p;
      this.values = v;
    }
    const pr = this.priorities;
    const va = this.values;
    let i = this.size++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (pr[parent]! <= priority) break;
      pr[i] = pr[parent]!;
      va[i] = va[parent]!;
      i = parent;
    }
    pr[i] = priority;
    va[i] = value;
  }

  pop(): number {
    if (this.size === 0) return -1;
    const pr = this.priorities;
    const va = this.values;
    const top = va[0]!;
    this.lastPriority = pr[0]!;
    const n = --this.size;
    const priority = pr[n]!;
    const value = va[n]!;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const m = r < n && pr[r]! < pr[l]! ? r : l;
      if (pr[m]! >= priority) break;
      pr[i] = pr[m]!;
      va[i] = va[m]!;
      i = m;
    }
    pr[i] = priority;
    va[i] = value;
    return top;
  }
}

/** Moves `body` one step of `ticks` ticks holding `keys` at heading `yaw` among the walking blockers `solids`, by the games' own `walkAmong`. */
function walk(body: { x: number; z: number }, solids: readonly NavBox[], rules: NavRules, controls: MoveControls, yaw: number, ticks: number): void {
  for (let i = 0; i < ticks; i++) walkAmong(body, controls, yaw, rules.tickMs, rules, solids);
}

/**
 * Plans one chunk that walks towards the target and presses `useKey` once the player can use it. `yaw` is
 * the current camera heading; the chunk's look turns it (towards the target when close, else down the route).
 */
export function planWalkAndUse(world: NavWorld, rules: NavRules, timing: ChunkTiming, target: NavTarget, player: { x: number; z: number }, yaw: number, useKey = 'F'): ActionChunk {
  const field = fieldFor(world, rules, target);
  const here = field.at(player.x, player.z);
  const reachable = rules.moveSpeed * (timing.chunkSteps * timing.stepMs) / 1000;
  let aim: [number, number];
  if (here <= reachable * 0.8 || !Number.isFinite(here)) aim = [target.x, target.z];
  else aim = field.lookahead(player.x, player.z, Math.min(3, here));
  const heading = Math.hypot(aim[0] - player.x, aim[1] - player.z) < 1e-6 ? yaw : Math.atan2(aim[0] - player.x, aim[1] - player.z) * DEG;
  const dx = Math.round(wrapDeg(heading - yaw) * 100) / 100;
  const newYaw = yaw + dx;
  const ticks = ticksPerStep(timing, rules.tickMs);
  const steps: string[][] = [];
  const walking = world.solids.filter((b) => b.minY < 1.5);
  const others = world.solids.filter((b) => !sameBox(b, target.own));
  const body = { x: 0, z: 0 };
  let x = player.x;
  let z = player.z;
  for (let i = 0; i < timing.chunkSteps; i++) {
    if (usable(others, rules, target, x, z, newYaw, 0.1)) {
      steps.push([useKey]);
      break;
    }
    let best: readonly string[] = [];
    let bestValue = field.at(x, z) - 0.02;
    let bestX = x;
    let bestZ = z;
    for (let k = 1; k < KEYSETS.length; k++) {
      const keys = KEYSETS[k]!;
      body.x = x;
      body.z = z;
      walk(body, walking, rules, KEY_CONTROLS[k]!, newYaw, ticks);
      const value = field.at(body.x, body.z) + keys.length * 0.001;
      if (value < bestValue) {
        bestValue = value;
        best = keys;
        bestX = body.x;
        bestZ = body.z;
      }
    }
    steps.push([...best]);
    x = bestX;
    z = bestZ;
  }
  while (steps.length < timing.chunkSteps) steps.push([]);
  return { look: { dx, dy: 0 }, steps };
}
