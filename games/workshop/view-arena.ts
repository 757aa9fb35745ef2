/** Draws the arena seen from straight above: floor, walls, stations with labels and contents, players. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { isBlocked, type StationKind } from './layout.js';
import { Rules } from './rules.js';
import type { Station } from './stations.js';
import { PLAYER_COLORS, Palette, drawCentredText, drawItemIcon, fillCircle, strokeRect } from './view-style.js';
import type { World } from './world.js';

export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export interface ArenaView {
  readonly rect: Rect;
  readonly viewer: number;
  /** Label over the other players: "RIVAL" or "MATE". */
  readonly otherLabel: string;
  /** Part kinds in crate order, for item colours. */
  readonly kinds: readonly string[];
}

const STATION_STYLE: Readonly<Record<StationKind, { readonly color: Rgb; readonly label: string }>> = {
  crate: { color: Palette.crate, label: '' },
  workbench: { color: Palette.workbench, label: 'BENCH' },
  counter: { color: Palette.counter, label: 'SUBMIT' },
  bin: { color: Palette.bin, label: 'BIN' },
  transfer: { color: Palette.transfer, label: 'PASS' },
};

/** Pixel size of one tile and the arena's top-left corner inside `rect`. */
export function arenaGeometry(world: World, rect: Rect): { tile: number; x0: number; y0: number } {
  const { cols, rows } = world.layout;
  const tile = Math.max(4, Math.floor(Math.min(rect.w / cols, rect.h / rows)));
  return { tile, x0: rect.x + Math.floor((rect.w - tile * cols) / 2), y0: rect.y + Math.floor((rect.h - tile * rows) / 2) };
}

/** Draws the arena into `view.rect`, lighting the viewer's floor area and marking the viewer's player. */
export function drawArena(canvas: Canvas, world: World, view: ArenaView): void {
  const { layout } = world;
  const { tile, x0, y0 } = arenaGeometry(world, view.rect);
  const me = world.player(view.viewer);
  for (let row = 0; row < layout.rows; row++) {
    for (let col = 0; col < layout.cols; col++) {
      const i = row * layout.cols + col;
      const x = x0 + col * tile;
      const y = y0 + row * tile;
      if (layout.walls[i]) {
        fillRect(canvas, x, y, tile, tile, Palette.wallEdge);
        fillRect(canvas, x + 1, y + 1, tile - 2, tile - 2, Palette.wall);
        continue;
      }
      const far = me !== undefined && layout.area[i] !== -1 && layout.area[i] !== me.area;
      const even = (row + col) % 2 === 0;
      fillRect(canvas, x, y, tile, tile, far ? (even ? Palette.farFloorA : Palette.farFloorB) : even ? Palette.floorA : Palette.floorB);
    }
  }
  const target = me ? world.target(me) : undefined;
  for (const station of world.stations) drawStation(canvas, station, x0 + station.col * tile, y0 + station.row * tile, tile, view, world.variant.upgradeMs, station === target);
  const others = world.players.filter((p) => p.slot !== view.viewer);
  for (const p of [...others, ...(me ? [me] : [])]) {
    const cx = x0 + (p.body.x / Rules.unit) * tile;
    const cy = y0 + (p.body.y / Rules.unit) * tile;
    const mine = p.slot === view.viewer;
    if (mine) fillCircle(canvas, cx, cy, tile * 0.5, Palette.you);
    fillCircle(canvas, cx, cy, tile * 0.36 + 1, Palette.stationEdge);
    fillCircle(canvas, cx, cy, tile * 0.36, PLAYER_COLORS[p.slot % PLAYER_COLORS.length] ?? Palette.text);
    fillCircle(canvas, cx + p.body.fx * tile * 0.27, cy + p.body.fy * tile * 0.27, Math.max(2, tile * 0.08), Palette.text);
    if (p.carrying) drawItemIcon(canvas, p.carrying, cx, cy, tile * 0.38, view.kinds);
    // The tag goes above the player, or below it when a wall or station is just above (so it hides nothing).
    const { col, row } = world.tileOf(p);
    const below = isBlocked(layout, col, row - 1);
    const tag = mine ? 'YOU' : view.otherLabel;
    drawTag(canvas, tag, cx, below ? cy + tile * 0.5 + textHeight(1) + 7 : cy - tile * 0.5, mine ? Palette.you : Palette.text);
  }
}

/** A small label whose bottom edge (including its backing) sits at `bottom`. */
function drawTag(canvas: Canvas, text: string, cx: number, bottom: number, color: Rgb): void {
  const scale = 1;
  const w = measureText(text, scale);
  const h = textHeight(scale);
  const x = Math.round(cx - w / 2);
  const y = Math.round(bottom - h - 3);
  fillRect(canvas, x - 2, y - 2, w + 4, h + 4, Palette.panel, 200);
  drawText(canvas, text, x, y, { scale, color });
}

function drawStation(canvas: Canvas, station: Station, x: number, y: number, tile: number, view: ArenaView, upgradeMs: number, targeted: boolean): void {
  const style = STATION_STYLE[station.kind];
  fillRect(canvas, x, y, tile, tile, Palette.stationEdge);
  fillRect(canvas, x + 1, y + 1, tile - 2, tile - 2, style.color);
  const label = station.kind === 'crate' ? (station.supply ?? '?') : style.label;
  const labelScale = tile >= 60 ? 2 : 1;
  drawCentredText(canvas, label, x + tile / 2, y + 2 + textHeight(labelScale) / 2 + 1, labelScale, Palette.text);
  const iconY = y + tile * 0.56;
  if (station.kind === 'crate' && station.supply) drawItemIcon(canvas, { kind: station.supply, high: false }, x + tile / 2, iconY, tile * 0.32, view.kinds);
  if (station.holding) drawItemIcon(canvas, station.holding, x + tile / 2, iconY, tile * 0.32, view.kinds);
  if (station.kind === 'workbench' && station.holding && station.workLeftMs > 0) {
    const done = 1 - station.workLeftMs / upgradeMs;
    const h = Math.max(3, Math.round(tile * 0.14));
    fillRect(canvas, x + 2, y + tile - h - 3, tile - 4, h + 2, Palette.stationEdge);
    fillRect(canvas, x + 3, y + tile - h - 2, Math.round((tile - 6) * done), h, Palette.progress);
  }
  if (targeted) strokeRect(canvas, x, y, tile, tile, 2, Palette.target);
}
