/**
 * Walking on the tile grid: a square footprint moved one axis at a time and stopped by blocked tiles, with
 * a corner assist (a straight move blocked only by the edge of the footprint slides it into line with the
 * open tile ahead), and the choice of which adjacent station F acts on.
 */
import { isBlocked, type Walls } from './layout.js';
import { Rules } from './rules.js';

export interface Body {
  /** Centre, units (thousandths of a tile); x grows to the right of the screen, y downwards. */
  x: number;
  y: number;
  /** Direction of the last move, each -1, 0 or 1 (never both 0). */
  fx: number;
  fy: number;
}

const U = Rules.unit;
const H = Rules.halfSize;

/** The tile under a body's centre. */
export function tileOf(body: { readonly x: number; readonly y: number }): { col: number; row: number } {
  return { col: Math.floor(body.x / U), row: Math.floor(body.y / U) };
}

/** Moves `body` one tick in direction (dx, dy) (each -1, 0 or 1); the facing turns even when blocked. */
export function moveBody(body: Body, dx: number, dy: number, layout: Walls): void {
  if (dx === 0 && dy === 0) return;
  body.fx = dx;
  body.fy = dy;
  const step = dx !== 0 && dy !== 0 ? Rules.diagStep : Rules.moveStep;
  const straight = dx === 0 || dy === 0;
  if (dx !== 0) moveAxis(body, true, dx * step, layout, straight);
  if (dy !== 0) moveAxis(body, false, dy * step, layout, straight);
}

function moveAxis(body: Body, alongX: boolean, d: number, layout: Walls, assist: boolean): void {
  const pos = alongX ? body.x : body.y;
  const side = alongX ? body.y : body.x;
  const next = pos + d;
  const lead = d > 0 ? Math.floor((next + H - 1) / U) : Math.floor((next - H) / U);
  const blockedAt = (along: number, across: number): boolean => (alongX ? isBlocked(layout, along, across) : isBlocked(layout, across, along));
  let hit = false;
  for (let t = Math.floor((side - H) / U); t <= Math.floor((side + H - 1) / U); t++) hit ||= blockedAt(lead, t);
  if (!hit) {
    if (alongX) body.x = next;
    else body.y = next;
    return;
  }
  const stop = d > 0 ? lead * U - H : (lead + 1) * U + H;
  const centreLine = Math.floor(side / U);
  let nudged = side;
  if (assist && !blockedAt(lead, centreLine)) {
    const target = centreLine * U + U / 2;
    const room = Math.abs(d);
    nudged = side + Math.max(-room, Math.min(room, target - side));
  }
  if (alongX) {
    body.x = d > 0 ? Math.min(next, stop) : Math.max(next, stop);
    body.y = nudged;
  } else {
    body.y = d > 0 ? Math.min(next, stop) : Math.max(next, stop);
    body.x = nudged;
  }
}

/** The 4 neighbour directions, in the order ties are broken: up, right, down, left. */
export const NEIGHBOURS = [[0, -1], [1, 0], [0, 1], [-1, 0]] as const;

/**
 * The station F acts on: of the stations beside the tile under the body, the one it faces (the last move
 * had a component towards it), else the nearest; undefined when no station is beside it.
 */
export function targetStation<S>(body: Body, stationAt: (col: number, row: number) => S | undefined): S | undefined {
  const { col, row } = tileOf(body);
  let best: S | undefined;
  let bestRank = Infinity;
  for (const [dc, dr] of NEIGHBOURS) {
    const station = stationAt(col + dc, row + dr);
    if (station === undefined) continue;
    const faced = dc * body.fx + dr * body.fy > 0 ? 0 : 1;
    const cx = (col + dc) * U + U / 2 - body.x;
    const cy = (row + dr) * U + U / 2 - body.y;
    const rank = faced * 1e12 + cx * cx + cy * cy;
    if (rank < bestRank) {
      bestRank = rank;
      best = station;
    }
  }
  return best;
}
