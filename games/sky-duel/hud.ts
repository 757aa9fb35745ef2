/** The sky_duel HUD: own HP bottom-left, the opponent's top-right and over their head, the timer top centre. */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const BACK: Rgb = [16, 20, 36];
const TEXT: Rgb = [255, 255, 255];
const SHADOW: Rgb = [0, 0, 0];
const EMPTY: Rgb = [60, 60, 66];
const BAR: readonly Rgb[] = [
  [60, 120, 255],
  [235, 60, 50],
];
const TEAM_NAME = ['BLUE', 'RED'];
const RESULT_TEXT = { win: 'VICTORY', draw: 'DRAW', loss: 'DEFEAT' } as const;

function bar(canvas: Canvas, x: number, y: number, w: number, h: number, fraction: number, color: Rgb): void {
  fillRect(canvas, x - 2, y - 2, w + 4, h + 4, SHADOW);
  fillRect(canvas, x, y, w, h, EMPTY);
  fillRect(canvas, x, y, Math.round(w * Math.max(0, Math.min(1, fraction))), h, color);
}

/** A small HP bar centred at (x, y), over the opponent's head. */
export function drawOverheadBar(canvas: Canvas, x: number, y: number, fraction: number, team: number): void {
  const unit = Math.max(1, Math.round(canvas.height / 180));
  const w = 26 * unit;
  bar(canvas, Math.round(x - w / 2), Math.round(y), w, 3 * unit, fraction, BAR[team % 2]!);
}

export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = Math.max(1, Math.round(height / 180));
  const pad = 4 * unit;
  const barW = Math.round(width * 0.3);
  const barH = 6 * unit;
  const { self, other } = scene;
  // Own HP, bottom-left.
  const selfLabel = `YOU (${TEAM_NAME[self.team % 2]}) HP ${self.hp}`;
  const yBar = height - pad - barH;
  drawText(canvas, selfLabel, pad, yBar - textHeight(unit) - 3 * unit, { scale: unit, color: TEXT, shadow: SHADOW });
  bar(canvas, pad, yBar, barW, barH, self.hp / Rules.maxHp, BAR[self.team % 2]!);
  // Opponent's HP, top-right.
  const otherLabel = `FOE (${TEAM_NAME[other.team % 2]}) HP ${other.hp}`;
  const xRight = width - pad - barW;
  drawText(canvas, otherLabel, width - pad - measureText(otherLabel, unit), pad, { scale: unit, color: TEXT, shadow: SHADOW });
  bar(canvas, xRight, pad + textHeight(unit) + 3 * unit, barW, barH, other.hp / Rules.maxHp, BAR[other.team % 2]!);
  // Timer, top centre.
  const secondsLeft = Math.max(0, Math.ceil((scene.timeLimitMs - scene.simMs) / 1000));
  const timer = `${Math.floor(secondsLeft / 60)}:${String(secondsLeft % 60).padStart(2, '0')}`;
  const big = unit * 2;
  const tw = measureText(timer, big);
  const tx = Math.round((width - tw) / 2);
  fillRect(canvas, tx - 3 * pad / 2, pad - unit * 2, tw + 3 * pad, textHeight(big) + unit * 4, BACK, 160);
  drawText(canvas, timer, tx, pad, { scale: big, color: TEXT, shadow: SHADOW });
  drawText(canvas, 'SKY DUEL', pad, pad, { scale: unit, color: TEXT, shadow: SHADOW });
  if (self.cooldownMs > 0) drawText(canvas, 'SWING RECHARGING', pad, pad + 10 * unit, { scale: unit, color: [150, 150, 150], shadow: SHADOW });
  else drawText(canvas, 'SWING READY', pad, pad + 10 * unit, { scale: unit, color: [120, 255, 120], shadow: SHADOW });
  if (scene.result !== undefined) {
    const text = RESULT_TEXT[scene.result];
    const s = unit * 6;
    const w = measureText(text, s);
    const y = Math.round(height / 2 - textHeight(s) / 2);
    fillRect(canvas, 0, y - 4 * unit, width, textHeight(s) + 8 * unit, BACK, 170);
    drawText(canvas, text, Math.round((width - w) / 2), y, { scale: s, color: TEXT, shadow: SHADOW });
  }
}
