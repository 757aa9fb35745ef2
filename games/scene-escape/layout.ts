/**
 * Builds the rooms of a variant: wall boxes with doorways, doors and gates, the exit, and the objects and
 * furniture placed on free spots of their rooms (the seed picks the spots).
 */
import type { Prng } from '../../protocol/index.js';
import type { Aabb } from '../common/collide.js';
import { Rules, type ColourName } from './rules.js';
import type { Cell, SceneEscapeVariant } from './variants.js';

/** An axis-aligned box, m. */
export type Box = Aabb;

/** A door, gate or the exit, filling a doorway until opened. `axis` is the direction its wall runs in. */
export interface Door {
  readonly id: string;
  readonly kind: 'door' | 'gate' | 'exit';
  readonly colour: ColourName | undefined;
  /** Centre of the doorway on the floor. */
  readonly x: number;
  readonly z: number;
  readonly axis: 'x' | 'z';
  open: boolean;
}

/** An object on a stand: a key (taken when used), lever, button or chest. */
export interface Thing {
  readonly id: string;
  readonly kind: 'key' | 'lever' | 'button' | 'chest';
  readonly colour: ColourName;
  readonly x: number;
  readonly z: number;
  readonly cell: Cell;
  used: boolean;
}

export interface Furniture {
  readonly box: Box;
  readonly style: 'crate' | 'shelf' | 'table' | 'plant';
}

export interface World {
  readonly width: number;
  readonly depth: number;
  readonly cols: number;
  readonly rows: number;
  /** Static wall boxes, including the pieces above doorways. */
  readonly walls: readonly Box[];
  readonly doors: readonly Door[];
  readonly things: readonly Thing[];
  readonly furniture: readonly Furniture[];
}

/** Half the side of the stand an object sits on, m. */
export const STAND_HALF = 0.35;
export const CHEST_HALF: readonly [number, number] = [0.5, 0.35];

const S = Rules.roomSize;
const T = Rules.wallThickness / 2;
const H = Rules.wallHeight;
const D = Rules.doorWidth / 2;

/** Spots in room-local coordinates: corners, then the middle of each side (n, s, e, w). */
const CORNERS: readonly (readonly [number, number])[] = [[1.5, 1.5], [S - 1.5, 1.5], [1.5, S - 1.5], [S - 1.5, S - 1.5]];
const SIDES: Readonly<Record<'n' | 's' | 'e' | 'w', readonly [number, number]>> = { n: [S / 2, S - 1.2], s: [S / 2, 1.2], e: [S - 1.2, S / 2], w: [1.2, S / 2] };

const sameCell = (a: Cell, b: Cell): boolean => a[0] === b[0] && a[1] === b[1];

/** The doorway (side of `cell`) that joins it to `other`, its neighbour. */
function sideTowards(cell: Cell, other: Cell): 'n' | 's' | 'e' | 'w' {
  if (other[0] > cell[0]) return 'e';
  if (other[0] < cell[0]) return 'w';
  return other[1] > cell[1] ? 'n' : 's';
}

/** Doorway centre and wall direction of side `side` of `cell`. */
function doorway(cell: Cell, side: 'n' | 's' | 'e' | 'w'): { x: number; z: number; axis: 'x' | 'z' } {
  const [c, r] = cell;
  switch (side) {
    case 'n':
      return { x: c * S + S / 2, z: (r + 1) * S, axis: 'x' };
    case 's':
      return { x: c * S + S / 2, z: r * S, axis: 'x' };
    case 'e':
      return { x: (c + 1) * S, z: r * S + S / 2, axis: 'z' };
    case 'w':
      return { x: c * S, z: r * S + S / 2, axis: 'z' };
  }
}

/** Wall boxes along one grid line from `from` to `to` (along `axis`, at `at` across), with gaps at `gaps`. */
function wallLine(axis: 'x' | 'z', at: number, from: number, to: number, gaps: readonly number[], out: Box[]): void {
  const sorted = [...gaps].sort((a, b) => a - b);
  let start = from - T;
  const piece = (a: number, b: number, y0: number, y1: number): Box =>
    axis === 'x' ? { minX: a, minY: y0, minZ: at - T, maxX: b, maxY: y1, maxZ: at + T } : { minX: at - T, minY: y0, minZ: a, maxX: at + T, maxY: y1, maxZ: b };
  for (const g of sorted) {
    out.push(piece(start, g - D, 0, H));
    out.push(piece(g - D, g + D, Rules.doorHeight, H));
    start = g + D;
  }
  out.push(piece(start, to + T, 0, H));
}

/** Lays out `variant` with the object and furniture spots `rng` picks. */
export function buildWorld(variant: SceneEscapeVariant, rng: Prng): World {
  const { cols, rows } = variant;
  const doors: Door[] = [];
  const openings = new Map<string, number[]>();
  const addGap = (key: string, at: number): void => {
    openings.set(key, [...(openings.get(key) ?? []), at]);
  };
  const usedSides = new Map<string, Set<string>>();
  const markSide = (cell: Cell, side: string): void => {
    const key = `${cell[0]},${cell[1]}`;
    usedSides.set(key, (usedSides.get(key) ?? new Set()).add(side));
  };
  const place = (cell: Cell, side: 'n' | 's' | 'e' | 'w', id: string, kind: Door['kind'] | 'open', colour: ColourName | undefined): void => {
    const d = doorway(cell, side);
    addGap(d.axis === 'x' ? `x:${d.z}` : `z:${d.x}`, d.axis === 'x' ? d.x : d.z);
    if (kind !== 'open') doors.push({ id, kind, colour, x: d.x, z: d.z, axis: d.axis, open: false });
  };
  for (const link of variant.links) {
    const side = sideTowards(link.a, link.b);
    place(link.a, side, `${link.colour ?? 'open'}_${link.kind}`, link.kind, link.colour);
    markSide(link.a, side);
    markSide(link.b, sideTowards(link.b, link.a));
  }
  place(variant.exit.cell, variant.exit.side, 'exit', 'exit', undefined);
  markSide(variant.exit.cell, variant.exit.side);
  const walls: Box[] = [];
  for (let r = 0; r <= rows; r++) wallLine('x', r * S, 0, cols * S, openings.get(`x:${r * S}`) ?? [], walls);
  for (let c = 0; c <= cols; c++) wallLine('z', c * S, 0, rows * S, openings.get(`z:${c * S}`) ?? [], walls);
  // Objects take random free spots in their rooms; one or two pieces of furniture fill others.
  const things: Thing[] = [];
  const furniture: Furniture[] = [];
  const styles: Furniture['style'][] = ['crate', 'shelf', 'table', 'plant'];
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const cell: Cell = [c, r];
      const sides = usedSides.get(`${c},${r}`) ?? new Set<string>();
      const free = [...CORNERS, ...(['n', 's', 'e', 'w'] as const).filter((s) => !sides.has(s)).map((s) => SIDES[s])];
      const take = (): [number, number] => {
        const i = rng.int(free.length);
        const [lx, lz] = free.splice(i, 1)[0] ?? [S / 2, S / 2];
        return [c * S + lx, r * S + lz];
      };
      const isStart = sameCell(cell, variant.start.cell);
      for (const spec of variant.objects.filter((o) => sameCell(o.cell, cell))) {
        const [x, z] = take();
        things.push({ id: `${spec.colour}_${spec.kind}`, kind: spec.kind, colour: spec.colour, x, z, cell, used: false });
      }
      const extra = Math.min(free.length - (isStart ? 2 : 0), 1 + rng.int(2));
      for (let i = 0; i < extra; i++) {
        const [x, z] = take();
        const style = styles[rng.int(styles.length)] ?? 'crate';
        furniture.push({ box: furnitureBox(style, x, z), style });
      }
    }
  }
  return { width: cols * S, depth: rows * S, cols, rows, walls, doors, things, furniture };
}

function furnitureBox(style: Furniture['style'], x: number, z: number): Box {
  const [hw, h] = style === 'crate' ? [0.5, 1] : style === 'shelf' ? [0.45, 1.9] : style === 'table' ? [0.6, 0.75] : [0.3, 1.3];
  return { minX: x - hw, minY: 0, minZ: z - hw, maxX: x + hw, maxY: h, maxZ: z + hw };
}

/** The footprint that blocks walking around a thing (its stand or the chest itself). */
export function thingBox(thing: Thing): Box {
  if (thing.kind === 'chest') return { minX: thing.x - CHEST_HALF[0], minY: 0, minZ: thing.z - CHEST_HALF[1], maxX: thing.x + CHEST_HALF[0], maxY: 0.7, maxZ: thing.z + CHEST_HALF[1] };
  return { minX: thing.x - STAND_HALF, minY: 0, minZ: thing.z - STAND_HALF, maxX: thing.x + STAND_HALF, maxY: 0.9, maxZ: thing.z + STAND_HALF };
}

/** The box a closed door fills. */
export function doorBox(door: Door): Box {
  const t = door.kind === 'gate' ? 0.08 : 0.1;
  return door.axis === 'x'
    ? { minX: door.x - D, minY: 0, minZ: door.z - t, maxX: door.x + D, maxY: Rules.doorHeight, maxZ: door.z + t }
    : { minX: door.x - t, minY: 0, minZ: door.z - D, maxX: door.x + t, maxY: Rules.doorHeight, maxZ: door.z + D };
}

/** Everything that blocks walking now: walls (not the pieces above doorways), closed doors, stands and furniture. */
export function solids(world: World): Box[] {
  return [...world.walls.filter((w) => w.minY <= 0), ...world.doors.filter((d) => !d.open).map(doorBox), ...world.things.map(thingBox), ...world.furniture.map((f) => f.box)];
}
