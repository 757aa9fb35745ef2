/**
 * Plans one last_stand chunk: pick the safest reachable intact tile (many intact tiles around it, in a
 * big connected patch, close by), walk or jump there along tile centres, and make sure the chunk leaves
 * the player standing on an intact tile through the idle time that follows it.
 */
import type { ActionChunk } from '../../../protocol/index.js';
import type { PlayerBody } from '../player.js';
import type { LastStandState } from '../state.js';
import { TileMap, bodyOf, simulate, type KeyName } from './tile-map.js';
import { ticksPerStep, type IdleTiming } from '../../common/policy/plan-timing.js';

interface Node {
  readonly col: number;
  readonly row: number;
  /** The move into this tile crosses a gap by jumping. */
  readonly jump: boolean;
}

const DIRS: readonly (readonly [number, number])[] = [[1, 0], [-1, 0], [0, 1], [0, -1]];
const MOVES: readonly (readonly KeyName[])[] = [['W'], ['S'], ['A'], ['D'], ['W', 'A'], ['W', 'D'], ['S', 'A'], ['S', 'D']];
/** Walking one tile takes about this long, ms (2 m at 6 m/s). */
const HOP_MS = 340;

/** One number per tile (grids are far smaller than 2048 tiles a side; a tile a jump beyond the edge still has its own). */
const key = (col: number, row: number): number => (row + 1024) * 4096 + (col + 1024);
const REACHES = [1, 2] as const;

/** How good a place to stand an intact tile is: intact tiles around it and the size of its patch. */
function safetyScores(map: TileMap): Map<number, number> {
  const scores = new Map<number, number>();
  const patch = patchSizes(map);
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.cols; col++) {
      if (map.statusAt(col, row) !== 'intact') continue;
      let score = 0.3 * Math.min(30, patch.get(key(col, row)) ?? 0);
      for (let dr = -2; dr <= 2; dr++) {
        for (let dc = -2; dc <= 2; dc++) {
          if ((dc === 0 && dr === 0) || map.statusAt(col + dc, row + dr) !== 'intact') continue;
          score += Math.max(Math.abs(dc), Math.abs(dr)) === 1 ? 1 : 0.35;
        }
      }
      scores.set(key(col, row), score);
    }
  }
  return scores;
}

/** Size of the patch of intact tiles (joined by walks and one-gap jumps) each intact tile belongs to. */
function patchSizes(map: TileMap): Map<number, number> {
  const sizes = new Map<number, number>();
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.cols; col++) {
      if (map.statusAt(col, row) !== 'intact' || sizes.has(key(col, row))) continue;
      const members: number[] = [key(col, row)];
      const queue: [number, number][] = [[col, row]];
      const seen = new Set(members);
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
        for (const [dc, dr] of DIRS) {
          for (const reach of REACHES) {
            const c = item[0] + dc * reach;
            const r = item[1] + dr * reach;
            if (map.statusAt(c, r) !== 'intact' || seen.has(key(c, r))) continue;
            seen.add(key(c, r));
            members.push(key(c, r));
            queue.push([c, r]);
          }
        }
      }
      for (const m of members) sizes.set(m, members.length);
    }
  }
  return sizes;
}

/** Cheapest routes from (col, row): walks onto tiles that hold long enough, jumps over one missing tile. */
function routes(map: TileMap, col: number, row: number): Map<number, { cost: number; path: Node[] }> {
  const best = new Map<number, { cost: number; path: Node[] }>([[key(col, row), { cost: 0, path: [] }]]);
  const open: [number, number][] = [[col, row]];
  while (open.length > 0) {
    open.sort((a, b) => (best.get(key(a[0], a[1]))?.cost ?? 0) - (best.get(key(b[0], b[1]))?.cost ?? 0));
    const [c0, r0] = open.shift() ?? [0, 0];
    const here = best.get(key(c0, r0));
    if (here === undefined) continue;
    for (const [dc, dr] of DIRS) {
      const c1 = c0 + dc;
      const r1 = r0 + dr;
      const walkable = map.lifeMs(c1, r1) > (here.path.length + 1) * HOP_MS + 700;
      const [c, r, cost, jump] = walkable ? [c1, r1, 1, false] : [c0 + 2 * dc, r0 + 2 * dr, 1.8, true];
      if (map.statusAt(c, r) !== 'intact') continue;
      const total = here.cost + cost;
      const known = best.get(key(c, r));
      if (known !== undefined && known.cost <= total) continue;
      best.set(key(c, r), { cost: total, path: [...here.path, { col: c, row: r, jump }] });
      open.push([c, r]);
    }
  }
  return best;
}

/** Tiles to visit, in order, to reach the best place to stand; empty to stay on the current tile. */
function choosePath(map: TileMap, col: number, row: number): Node[] {
  const scores = safetyScores(map);
  let bestValue = -Infinity;
  let bestPath: Node[] = [];
  for (const [k, route] of routes(map, col, row)) {
    const score = scores.get(k);
    if (score === undefined) continue;
    const value = score - 0.8 * route.cost;
    if (value > bestValue) {
      bestValue = value;
      bestPath = route.path;
    }
  }
  const stay = scores.get(key(col, row));
  // Hysteresis: a safe tile is kept unless another is clearly better.
  if (stay !== undefined && stay >= bestValue - 1) return [];
  return bestPath;
}

function copy(body: PlayerBody): PlayerBody {
  return { ...body };
}

/** Plans the next chunk for the observed state. */
export function planLastStand(view: LastStandState, timing: IdleTiming): ActionChunk {
  const yaw = Math.round(view.camera.yaw / 90) * 90;
  const look = { dx: yaw - view.camera.yaw, dy: 0 };
  const map = new TileMap(view);
  const start = bodyOf(view);
  const path = choosePath(map, map.colOf(start.x), map.rowOf(start.z));
  const target = path.length > 0 ? path : [{ col: map.colOf(start.x), row: map.rowOf(start.z), jump: false }];
  const stepTicks = ticksPerStep(timing, view.tickMs);
  const steps: (readonly KeyName[])[] = [];
  const body = copy(start);
  let wp = 0;
  for (let i = 0; i < timing.chunkSteps; i++) {
    const t = i * stepTicks * view.tickMs;
    let keys: readonly KeyName[] = [];
    if (body.onGround) {
      let node = target[wp];
      const dist = (b: PlayerBody, n: Node): number => Math.hypot(b.x - map.centerX(n.col), b.z - map.centerZ(n.row));
      while (node !== undefined && wp < target.length - 1 && dist(body, node) < 0.6) node = target[++wp];
      if (node !== undefined && dist(body, node) >= 0.5) keys = bestMove(view, map, body, node, yaw, stepTicks, t, dist);
    }
    steps.push(keys);
    simulate(view, map, body, keys, yaw, stepTicks, t);
  }
  return { look, steps: safePrefix(view, map, start, steps, yaw, stepTicks, timing) };
}

function bestMove(
  view: LastStandState,
  map: TileMap,
  body: PlayerBody,
  node: Node,
  yaw: number,
  stepTicks: number,
  t: number,
  dist: (b: PlayerBody, n: Node) => number,
): readonly KeyName[] {
  let best: readonly KeyName[] = [];
  let bestCost = dist(body, node) - 0.05;
  const candidates = [...MOVES, ...(node.jump ? MOVES.map((m) => [...m, 'Space' as const]) : [])];
  for (const keys of candidates) {
    const trial = copy(body);
    if (!simulate(view, map, trial, keys, yaw, stepTicks, t)) continue;
    // A jump is judged where it lands (no keys are held in the air).
    if (!trial.onGround && !simulate(view, map, trial, [], yaw, 100, t + stepTicks * view.tickMs)) continue;
    const cost = dist(trial, node) + keys.length * 0.001;
    if (cost < bestCost) {
      bestCost = cost;
      best = keys;
    }
  }
  return best;
}

/** Whether `steps` and the idle time after them leave the player standing on an intact tile. */
function endsSafe(view: LastStandState, map: TileMap, start: PlayerBody, steps: readonly (readonly KeyName[])[], yaw: number, stepTicks: number, timing: IdleTiming): boolean {
  const body = copy(start);
  let t = 0;
  for (const keys of steps) {
    if (!simulate(view, map, body, keys, yaw, stepTicks, t)) return false;
    t += stepTicks * view.tickMs;
  }
  if (!simulate(view, map, body, [], yaw, Math.round(timing.idleMs / view.tickMs), t)) return false;
  return body.onGround && map.statusAt(map.colOf(body.x), map.rowOf(body.z)) === 'intact';
}

/** The longest prefix of `steps` (the rest idle) that ends safely; all of `steps` if none does. */
function safePrefix(view: LastStandState, map: TileMap, start: PlayerBody, steps: readonly (readonly KeyName[])[], yaw: number, stepTicks: number, timing: IdleTiming): readonly (readonly KeyName[])[] {
  for (let k = steps.length; k >= 0; k--) {
    const trial = [...steps.slice(0, k), ...steps.slice(k).map(() => [])];
    if (endsSafe(view, map, start, trial, yaw, stepTicks, timing)) return trial;
  }
  return steps;
}
