/**
 * The crystal_guard HUD: crosshair; own HP and own crystal bottom-left; the enemy crystal top-right; the
 * timer top centre; both gates' state top-left; what the last shot hit; the respawn countdown when down.
 */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { HUD_BACK, HUD_SHADOW, HUD_TEXT, RESULT_TEXT, drawBanner, drawFillBar, drawTopCounter, formatClock, hudUnit, secondsLeft } from '../common/hud.js';
import { alive } from './player.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const OPEN: Rgb = [110, 255, 130];
const SHUT: Rgb = [255, 110, 100];
const BAR: readonly Rgb[] = [
  [70, 150, 255],
  [240, 70, 80],
];
const HP_BAR: Rgb = [120, 230, 120];
const TEAM_NAME = ['BLUE', 'RED'];
const SHOT_TEXT = {
  crystal: 'LAST SHOT: HIT ENEMY CRYSTAL',
  player: 'LAST SHOT: HIT ENEMY PLAYER',
  gate: 'LAST SHOT: BLOCKED BY GATE',
  cover: 'LAST SHOT: HIT A WALL',
  own_crystal: 'LAST SHOT: HIT YOUR OWN CRYSTAL',
  nothing: 'LAST SHOT: MISSED',
} as const;

export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = hudUnit(height);
  const pad = 4 * unit;
  const line = textHeight(unit) + 3 * unit;
  const barW = Math.round(width * 0.28);
  const barH = 5 * unit;
  const { self } = scene;
  const mine = self.team % 2;
  const theirs = 1 - mine;
  const text = (s: string, x: number, y: number, color: Rgb = HUD_TEXT): void => drawText(canvas, s, x, y, { scale: unit, color, shadow: HUD_SHADOW });
  // Crosshair.
  const cx = Math.round(width / 2);
  const cy = Math.round(height / 2);
  for (const [x, y, w, h] of [[cx - 8 * unit, cy - unit / 2, 6 * unit, unit], [cx + 2 * unit, cy - unit / 2, 6 * unit, unit], [cx - unit / 2, cy - 8 * unit, unit, 6 * unit], [cx - unit / 2, cy + 2 * unit, unit, 6 * unit]] as const) {
    fillRect(canvas, x - 1, y - 1, w + 2, h + 2, HUD_SHADOW);
    fillRect(canvas, x, y, w, h, HUD_TEXT);
  }
  // Own HP and own crystal, bottom-left.
  let y = height - pad - barH;
  drawFillBar(canvas, pad, y, barW, barH, (scene.crystalHp[mine] ?? 0) / Rules.crystalHp, BAR[mine]!);
  y -= line;
  text(`YOUR CRYSTAL ${scene.crystalHp[mine] ?? 0}`, pad, y);
  y -= barH + 3 * unit;
  drawFillBar(canvas, pad, y, barW, barH, self.hp / Rules.playerHp, HP_BAR);
  y -= line;
  text(`YOU (${TEAM_NAME[mine]}) HP ${self.hp}`, pad, y);
  // Enemy crystal, top-right.
  const enemyLabel = `ENEMY CRYSTAL ${scene.crystalHp[theirs] ?? 0}`;
  text(enemyLabel, width - pad - measureText(enemyLabel, unit), pad);
  drawFillBar(canvas, width - pad - barW, pad + line, barW, barH, (scene.crystalHp[theirs] ?? 0) / Rules.crystalHp, BAR[theirs]!);
  // Gates, top-left.
  const gate = (label: string, team: number, row: number): void => {
    const open = scene.gatesOpen[team] === true;
    const s = `${label} GATE ${open ? 'OPEN' : 'SHUT'} ${secondsLeft(scene.gateToggleMs[team] ?? 0)}S`;
    text(s, pad, pad + row * line, open ? OPEN : SHUT);
  };
  gate('ENEMY', theirs, 0);
  gate('YOUR', mine, 1);
  if (self.lastShot !== undefined) text(SHOT_TEXT[self.lastShot], pad, pad + 2 * line, [230, 230, 150]);
  // Timer, top centre.
  drawTopCounter(canvas, formatClock(scene.timeLimitMs - scene.simMs), { scale: unit * 2, top: pad, padX: 2 * pad, padY: 2 * unit, back: HUD_BACK, alpha: 160, color: HUD_TEXT });
  // Banners sit above the crosshair.
  if (!alive(self) && scene.result === undefined) {
    fillRect(canvas, 0, 0, width, height, [40, 0, 0], 90);
    drawBanner(canvas, `DOWN - RESPAWN IN ${secondsLeft(self.respawnMs)}`, unit * 3, 20 * unit);
  }
  if (scene.result !== undefined) drawBanner(canvas, RESULT_TEXT[scene.result], unit * 6, 20 * unit);
}
