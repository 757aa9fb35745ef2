/**
 * Arena layouts written as ASCII maps, one string per row: '#' wall, '.' floor, '0'..'3' floor where that
 * slot's player starts, 'W' workbench, 'C' counter, 'X' bin, 'T' transfer point, 'a'..'h' supply crates
 * (the variant names each crate's part). Stations block walking like walls.
 */

export type StationKind = 'crate' | 'workbench' | 'counter' | 'bin' | 'transfer';

/** A station as the map places it; `supply` is the part a crate hands out. */
export interface StationSpec {
  readonly id: number;
  readonly kind: StationKind;
  readonly col: number;
  readonly row: number;
  readonly supply: string | undefined;
}

export interface Layout {
  readonly cols: number;
  readonly rows: number;
  /** Row-major: true where nobody may walk (walls and stations). */
  readonly blocked: readonly boolean[];
  /** Row-major: true for plain walls. */
  readonly walls: readonly boolean[];
  /** Row-major: the connected floor area a tile belongs to, -1 off the floor. */
  readonly area: readonly number[];
  readonly stations: readonly StationSpec[];
  /** Start tile of each slot. */
  readonly spawns: ReadonlyMap<number, { readonly col: number; readonly row: number }>;
}

/** What walking collides with: the grid's size and its blocked tiles, row-major. */
export type Walls = Pick<Layout, 'cols' | 'rows' | 'blocked'>;

const STATION_CHARS: Readonly<Record<string, StationKind>> = { W: 'workbench', C: 'counter', X: 'bin', T: 'transfer' };

/** Parses `map`; throws RangeError on a ragged map, an unknown character or a crate the variant does not name. */
export function parseLayout(map: readonly string[], crates: readonly string[]): Layout {
  const rows = map.length;
  const cols = map[0]?.length ?? 0;
  if (rows === 0 || cols === 0 || map.some((line) => line.length !== cols)) throw new RangeError('a workshop map must be a non-empty rectangle');
  const blocked: boolean[] = [];
  const walls: boolean[] = [];
  const stations: StationSpec[] = [];
  const spawns = new Map<number, { col: number; row: number }>();
  map.forEach((line, row) => {
    [...line].forEach((ch, col) => {
      const kind = STATION_CHARS[ch];
      const crate = ch >= 'a' && ch <= 'h' ? ch.charCodeAt(0) - 97 : -1;
      if (ch === '#' || ch === '.' || (ch >= '0' && ch <= '3')) {
        walls.push(ch === '#');
        blocked.push(ch === '#');
        if (ch !== '#' && ch !== '.') spawns.set(Number(ch), { col, row });
        return;
      }
      if (kind === undefined && crate < 0) throw new RangeError(`unknown map character '${ch}'`);
      const supply = crate >= 0 ? crates[crate] : undefined;
      if (crate >= 0 && supply === undefined) throw new RangeError(`crate '${ch}' has no part`);
      stations.push({ id: stations.length, kind: kind ?? 'crate', col, row, supply });
      walls.push(false);
      blocked.push(true);
    });
  });
  return { cols, rows, blocked, walls, area: floorAreas(cols, rows, blocked), stations, spawns };
}

/** Labels 4-connected floor areas in reading order. */
function floorAreas(cols: number, rows: number, blocked: readonly boolean[]): number[] {
  const area = blocked.map(() => -1);
  let next = 0;
  for (let start = 0; start < area.length; start++) {
    if (blocked[start] || area[start] !== -1) continue;
    const queue = [start];
    area[start] = next;
    for (let i = 0; i < queue.length; i++) {
      const t = queue[i]!;
      const c = t % cols;
      const r = (t - c) / cols;
      for (const [dc, dr] of [[1, 0], [-1, 0], [0, 1], [0, -1]] as const) {
        const nc = c + dc;
        const nr = r + dr;
        const n = nr * cols + nc;
        if (nc < 0 || nr < 0 || nc >= cols || nr >= rows || blocked[n] || area[n] !== -1) continue;
        area[n] = next;
        queue.push(n);
      }
    }
    next++;
  }
  return area;
}

/** Whether tile (col, row) blocks walking; outside the map counts as blocked. */
export function isBlocked(layout: Walls, col: number, row: number): boolean {
  if (col < 0 || row < 0 || col >= layout.cols || row >= layout.rows) return true;
  return layout.blocked[row * layout.cols + col] ?? true;
}
