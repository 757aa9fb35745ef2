/** The sky_duel HUD: own HP bottom-left, the opponent's top-right and over their head, the timer top centre. */
import { drawText, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { HUD_BACK, HUD_SHADOW, HUD_TEXT, RESULT_TEXT, drawBanner, drawFillBar, drawTopCounter, formatClock, hudUnit } from '../common/hud.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const BAR: readonly Rgb[] = [
  [60, 120, 255],
  [235, 60, 50],
];
const TEAM_NAME = ['BLUE', 'RED'];

/** A small HP bar centred at (x, y), over the opponent's head. */
export function drawOverheadBar(canvas: Canvas, x: number, y: number, fraction: number, team: number): void {
  const unit = hudUnit(canvas.height);
  const w = 26 * unit;
  drawFillBar(canvas, Math.round(x - w / 2), Math.round(y), w, 3 * unit, fraction, BAR[team % 2]!);
}

export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = hudUnit(height);
  const pad = 4 * unit;
  const barW = Math.round(width * 0.3);
  const barH = 6 * unit;
  const { self, other } = scene;
  const text = (s: string, x: number, y: number, color: Rgb = HUD_TEXT): void => drawText(canvas, s, x, y, { scale: unit, color, shadow: HUD_SHADOW });
  // Own HP, bottom-left.
  const yBar = height - pad - barH;
  text(`YOU (${TEAM_NAME[self.team % 2]}) HP ${self.hp}`, pad, yBar - textHeight(unit) - 3 * unit);
  drawFillBar(canvas, pad, yBar, barW, barH, self.hp / Rules.maxHp, BAR[self.team % 2]!);
  // Opponent's HP, top-right.
  const otherLabel = `FOE (${TEAM_NAME[other.team % 2]}) HP ${other.hp}`;
  text(otherLabel, width - pad - measureText(otherLabel, unit), pad);
  drawFillBar(canvas, width - pad - barW, pad + textHeight(unit) + 3 * unit, barW, barH, other.hp / Rules.maxHp, BAR[other.team % 2]!);
  // Timer, top centre.
  drawTopCounter(canvas, formatClock(scene.timeLimitMs - scene.simMs), { scale: unit * 2, top: pad, padX: (3 * pad) / 2, padY: unit * 2, back: HUD_BACK, alpha: 160, color: HUD_TEXT });
  text('SKY DUEL', pad, pad);
  if (self.cooldownMs > 0) text('SWING RECHARGING', pad, pad + 10 * unit, [150, 150, 150]);
  else text('SWING READY', pad, pad + 10 * unit, [120, 255, 120]);
  if (scene.result !== undefined) drawBanner(canvas, RESULT_TEXT[scene.result], unit * 6);
}
