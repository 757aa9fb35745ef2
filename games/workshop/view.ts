/** Lays out one player's frame: top bar, arena, order panel and bottom bar, scaled to the frame size. */
import { clearCanvas, type Canvas } from '../render/index.js';
import { drawArena } from './view-arena.js';
import { drawBottomBar, drawOrderPanel, drawTopBar } from './view-hud.js';
import { Palette } from './view-style.js';
import type { WorkshopGameSpec } from './variant.js';
import type { World } from './world.js';

export interface FrameView {
  readonly spec: WorkshopGameSpec;
  /** The slot whose view this is (its HUD, its "YOU" marker, its side). */
  readonly viewer: number;
}

/** Renders `viewer`'s whole frame into `canvas`. */
export function drawWorkshop(canvas: Canvas, world: World, view: FrameView): void {
  const { width, height } = canvas;
  const u = height / 360;
  const scale = Math.max(1, Math.round(2 * u));
  const top = Math.round(24 * u);
  const bottom = Math.round(40 * u);
  const panel = Math.round(196 * (width / 640));
  clearCanvas(canvas, Palette.background);
  const kinds = [...new Set(world.variant.crates)];
  const hud = { title: view.spec.title, regime: view.spec.regime, viewer: view.viewer, kinds, scale };
  const arena = { x: 0, y: top, w: width - panel, h: height - top - bottom };
  drawArena(canvas, world, { rect: arena, viewer: view.viewer, otherLabel: view.spec.regime === 'pvp' ? 'RIVAL' : 'MATE', kinds });
  drawOrderPanel(canvas, world, hud, { x: width - panel, y: top, w: panel, h: height - top - bottom });
  drawTopBar(canvas, world, hud, { x: 0, y: 0, w: width, h: top });
  drawBottomBar(canvas, world, hud, { x: 0, y: height - bottom, w: width, h: bottom });
}
