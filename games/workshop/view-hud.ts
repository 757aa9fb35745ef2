/** The HUD: title, timer and points on top, the order list on the right, carried item and F hint at the bottom. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { itemLabel } from './items.js';
import { Rules } from './rules.js';
import { actionHint } from './stations.js';
import type { Rect } from './view-arena.js';
import { PLAYER_COLORS, PLAYER_COLOR_NAMES, Palette, drawItemIcon, fillCircle } from './view-style.js';
import type { WorkshopRegime } from './variant.js';
import type { World } from './world.js';

export interface HudView {
  readonly title: string;
  readonly regime: WorkshopRegime;
  readonly viewer: number;
  readonly kinds: readonly string[];
  /** Font scale of HUD text (2 at 640x360). */
  readonly scale: number;
}

const clock = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

/** Gap between runs of text, in unscaled pixels. */
const RUN_GAP = 6;

/** Draws runs of text left to right from (x, y), each in its own colour; returns the x after the last. */
function drawRuns(canvas: Canvas, runs: readonly (readonly [string, Rgb])[], x: number, y: number, scale: number): number {
  let cx = x;
  for (const [text, color] of runs) {
    drawText(canvas, text, cx, y, { scale, color, shadow: Palette.shadow });
    cx += measureText(text, scale) + RUN_GAP * scale;
  }
  return cx;
}

const widthOf = (runs: readonly (readonly [string, Rgb])[], scale: number): number =>
  runs.reduce((w, [t]) => w + measureText(t, scale), 0) + (runs.length - 1) * RUN_GAP * scale;

function scoreRuns(world: World, view: HudView): (readonly [string, Rgb])[] {
  const own = world.orders.scored(view.viewer);
  const mine = PLAYER_COLORS[view.viewer % PLAYER_COLORS.length] ?? Palette.text;
  switch (view.regime) {
    case 'solo':
      return [['POINTS', Palette.dim], [`${own}/${world.orders.available()}`, Palette.text]];
    case 'coop':
      return [['TEAM', Palette.dim], [`${world.orders.scored()}/${world.orders.available()}`, Palette.text], ['YOU', mine], [String(own), Palette.text]];
    case 'pvp': {
      const rival = world.players.find((p) => p.slot !== view.viewer);
      const rivalColor = rival ? (PLAYER_COLORS[rival.slot % PLAYER_COLORS.length] ?? Palette.text) : Palette.text;
      return [['YOU', mine], [String(own), Palette.text], ['RIVAL', rivalColor], [String(rival ? world.orders.scored(rival.slot) : 0), Palette.text]];
    }
  }
}

/** The top bar across the whole width. */
export function drawTopBar(canvas: Canvas, world: World, view: HudView, rect: Rect): void {
  const s = view.scale;
  fillRect(canvas, rect.x, rect.y, rect.w, rect.h, Palette.panel);
  const y = rect.y + Math.round((rect.h - textHeight(s)) / 2);
  drawText(canvas, view.title, rect.x + 4 * s, y, { scale: s, color: Palette.text, shadow: Palette.shadow });
  const runs = scoreRuns(world, view);
  const scoreX = rect.x + rect.w - widthOf(runs, s) - 4 * s;
  drawRuns(canvas, runs, scoreX, y, s);
  // The timer sits midway between the title and the points.
  const time = clock(world.variant.timeLimitMs - world.simMs);
  const timeRuns: [string, Rgb][] = [['TIME', Palette.dim], [time, Palette.text]];
  const titleEnd = rect.x + 4 * s + measureText(view.title, s);
  drawRuns(canvas, timeRuns, Math.round((titleEnd + scoreX - widthOf(timeRuns, s)) / 2), y, s);
}

/** The order list: one card per open order, most urgent first, with time left. */
export function drawOrderPanel(canvas: Canvas, world: World, view: HudView, rect: Rect): void {
  const s = view.scale;
  fillRect(canvas, rect.x, rect.y, rect.w, rect.h, Palette.panel);
  const pad = 3 * s;
  drawText(canvas, 'ORDERS', rect.x + pad, rect.y + pad, { scale: s, color: Palette.gold, shadow: Palette.shadow });
  const open = world.orders.open();
  const top = rect.y + pad * 2 + textHeight(s);
  const cardH = Math.floor((rect.y + rect.h - top) / Rules.maxActiveOrders);
  const line = textHeight(s);
  open.slice(0, Rules.maxActiveOrders).forEach((order, i) => {
    const y = top + i * cardH;
    const x = rect.x + pad;
    const w = rect.w - 2 * pad;
    fillRect(canvas, x, y, w, cardH - s, Palette.card);
    const icon = line;
    drawItemIcon(canvas, order.item, x + 3 * s + icon / 2, y + 2 * s + icon / 2, icon, view.kinds);
    const tx = x + icon + 6 * s;
    drawText(canvas, order.item.kind, tx, y + 2 * s, { scale: s, color: Palette.text, shadow: Palette.shadow });
    const value = `+${order.value}`;
    drawText(canvas, value, x + w - measureText(value, s) - 2 * s, y + 2 * s, { scale: s, color: Palette.gold, shadow: Palette.shadow });
    const leftMs = order.expiresMs - world.simMs;
    const urgent = leftMs < 10_000;
    const grade = order.item.high ? 'HIGH-GRADE' : 'BASIC';
    drawText(canvas, grade, x + 2 * s, y + 4 * s + line, { scale: s, color: order.item.high ? Palette.gold : Palette.dim, shadow: Palette.shadow });
    const secs = `${Math.ceil(leftMs / 1000)}S`;
    drawText(canvas, secs, x + w - measureText(secs, s) - 2 * s, y + 4 * s + line, { scale: s, color: urgent ? Palette.barUrgent : Palette.text, shadow: Palette.shadow });
    const barY = y + 5 * s + 2 * line;
    const barW = w - 4 * s;
    if (barY + 2 * s <= y + cardH - s) {
      fillRect(canvas, x + 2 * s, barY, barW, 2 * s, Palette.barBack);
      fillRect(canvas, x + 2 * s, barY, Math.round((barW * leftMs) / (order.expiresMs - order.postMs)), 2 * s, urgent ? Palette.barUrgent : Palette.barOk);
    }
  });
  if (open.length === 0) drawText(canvas, 'NONE YET', rect.x + pad, top + pad, { scale: s, color: Palette.dim });
}

/** The bottom bar: the viewer's colour, what it carries, what F would do, and the last F's result. */
export function drawBottomBar(canvas: Canvas, world: World, view: HudView, rect: Rect): void {
  const s = view.scale;
  fillRect(canvas, rect.x, rect.y, rect.w, rect.h, Palette.panel);
  const me = world.player(view.viewer);
  if (me === undefined) return;
  const line = textHeight(s);
  const gap = Math.max(1, Math.floor((rect.h - 2 * line) / 3));
  const y1 = rect.y + gap;
  const y2 = y1 + line + gap;
  const mine = PLAYER_COLORS[me.slot % PLAYER_COLORS.length] ?? Palette.text;
  const disc = line / 2 + s;
  fillCircle(canvas, rect.x + 4 * s + disc, y1 + line / 2, disc + s, Palette.you);
  fillCircle(canvas, rect.x + 4 * s + disc, y1 + line / 2, disc, mine);
  let x = rect.x + 8 * s + 2 * disc;
  x = drawRuns(canvas, [['CARRYING:', Palette.dim]], x, y1, s);
  if (me.carrying) {
    drawItemIcon(canvas, me.carrying, x + line / 2, y1 + line / 2, line, view.kinds);
    drawText(canvas, itemLabel(me.carrying), x + line + 4 * s, y1, { scale: s, color: me.carrying.high ? Palette.gold : Palette.text, shadow: Palette.shadow });
  } else {
    drawText(canvas, 'NOTHING', x, y1, { scale: s, color: Palette.text, shadow: Palette.shadow });
  }
  const pending = world.pendingAction(me);
  if (pending) {
    const hint = actionHint(pending.action);
    drawText(canvas, hint, rect.x + rect.w - measureText(hint, s) - 4 * s, y2, { scale: s, color: pending.action.kind === 'none' ? Palette.dim : Palette.you, shadow: Palette.shadow });
  }
  if (me.notice && me.notice.untilMs > world.simMs) {
    drawText(canvas, me.notice.text, rect.x + 4 * s, y2, { scale: s, color: Palette.text, shadow: Palette.shadow });
  } else if (world.players.length > 1) {
    drawText(canvas, `YOU ARE ${PLAYER_COLOR_NAMES[me.slot % PLAYER_COLOR_NAMES.length] ?? ''}`, rect.x + 4 * s, y2, { scale: s, color: mine, shadow: Palette.shadow });
  }
}
