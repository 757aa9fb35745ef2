/**
 * The crystal_guard HUD: crosshair; own HP and own crystal bottom-left; the enemy crystal top-right; the
 * timer top centre; both gates' state top-left; what the last shot hit; the respawn countdown when down.
 */
import { drawText, fillRect, measureText, textHeight, type Canvas, type Rgb } from '../render/index.js';
import { alive } from './player.js';
import { Rules } from './rules.js';
import type { Scene } from './scene.js';

const BACK: Rgb = [16, 20, 36];
const TEXT: Rgb = [255, 255, 255];
const SHADOW: Rgb = [0, 0, 0];
const EMPTY: Rgb = [60, 60, 66];
const OPEN: Rgb = [110, 255, 130];
const SHUT: Rgb = [255, 110, 100];
const BAR: readonly Rgb[] = [
  [70, 150, 255],
  [240, 70, 80],
];
const HP_BAR: Rgb = [120, 230, 120];
const TEAM_NAME = ['BLUE', 'RED'];
const RESULT_TEXT = { win: 'VICTORY', draw: 'DRAW', loss: 'DEFEAT' } as const;
const SHOT_TEXT = {
  crystal: 'LAST SHOT: HIT ENEMY CRYSTAL',
  player: 'LAST SHOT: HIT ENEMY PLAYER',
  gate: 'LAST SHOT: BLOCKED BY GATE',
  cover: 'LAST SHOT: HIT A WALL',
  own_crystal: 'LAST SHOT: HIT YOUR OWN CRYSTAL',
  nothing: 'LAST SHOT: MISSED',
} as const;

function bar(canvas: Canvas, x: number, y: number, w: number, h: number, fraction: number, color: Rgb): void {
  fillRect(canvas, x - 2, y - 2, w + 4, h + 4, SHADOW);
  fillRect(canvas, x, y, w, h, EMPTY);
  fillRect(canvas, x, y, Math.round(w * Math.max(0, Math.min(1, fraction))), h, color);
}

const seconds = (ms: number): number => Math.max(0, Math.ceil(ms / 1000));

export function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = Math.max(1, Math.round(height / 180));
  const pad = 4 * unit;
  const line = textHeight(unit) + 3 * unit;
  const barW = Math.round(width * 0.28);
  const barH = 5 * unit;
  const { self } = scene;
  const mine = self.team % 2;
  const theirs = 1 - mine;
  const text = (s: string, x: number, y: number, color: Rgb = TEXT): void => drawText(canvas, s, x, y, { scale: unit, color, shadow: SHADOW });
  // Crosshair.
  const cx = Math.round(width / 2);
  const cy = Math.round(height / 2);
  for (const [x, y, w, h] of [[cx - 8 * unit, cy - unit / 2, 6 * unit, unit], [cx + 2 * unit, cy - unit / 2, 6 * unit, unit], [cx - unit / 2, cy - 8 * unit, unit, 6 * unit], [cx - unit / 2, cy + 2 * unit, unit, 6 * unit]] as const) {
    fillRect(canvas, x - 1, y - 1, w + 2, h + 2, SHADOW);
    fillRect(canvas, x, y, w, h, TEXT);
  }
  // Own HP and own crystal, bottom-left.
  let y = height - pad - barH;
  bar(canvas, pad, y, barW, barH, (scene.crystalHp[mine] ?? 0) / Rules.crystalHp, BAR[mine]!);
  y -= line;
  text(`YOUR CRYSTAL ${scene.crystalHp[mine] ?? 0}`, pad, y);
  y -= barH + 3 * unit;
  bar(canvas, pad, y, barW, barH, self.hp / Rules.playerHp, HP_BAR);
  y -= line;
  text(`YOU (${TEAM_NAME[mine]}) HP ${self.hp}`, pad, y);
  // Enemy crystal, top-right.
  const enemyLabel = `ENEMY CRYSTAL ${scene.crystalHp[theirs] ?? 0}`;
  text(enemyLabel, width - pad - measureText(enemyLabel, unit), pad);
  bar(canvas, width - pad - barW, pad + line, barW, barH, (scene.crystalHp[theirs] ?? 0) / Rules.crystalHp, BAR[theirs]!);
  // Gates, top-left.
  const gate = (label: string, team: number, row: number): void => {
    const open = scene.gatesOpen[team] === true;
    const s = `${label} GATE ${open ? 'OPEN' : 'SHUT'} ${seconds(scene.gateToggleMs[team] ?? 0)}S`;
    text(s, pad, pad + row * line, open ? OPEN : SHUT);
  };
  gate('ENEMY', theirs, 0);
  gate('YOUR', mine, 1);
  if (self.lastShot !== undefined) text(SHOT_TEXT[self.lastShot], pad, pad + 2 * line, [230, 230, 150]);
  // Timer, top centre.
  const left = seconds(scene.timeLimitMs - scene.simMs);
  const timer = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')}`;
  const big = unit * 2;
  const tw = measureText(timer, big);
  const tx = Math.round((width - tw) / 2);
  fillRect(canvas, tx - 2 * pad, pad - 2 * unit, tw + 4 * pad, textHeight(big) + 4 * unit, BACK, 160);
  drawText(canvas, timer, tx, pad, { scale: big, color: TEXT, shadow: SHADOW });
  if (!alive(self) && scene.result === undefined) {
    fillRect(canvas, 0, 0, width, height, [40, 0, 0], 90);
    banner(canvas, `DOWN - RESPAWN IN ${seconds(self.respawnMs)}`, unit * 3);
  }
  if (scene.result !== undefined) banner(canvas, RESULT_TEXT[scene.result], unit * 6);
}

function banner(canvas: Canvas, text: string, scale: number): void {
  const unit = Math.max(1, Math.round(canvas.height / 180));
  const w = measureText(text, scale);
  const y = Math.round(canvas.height / 2 - textHeight(scale) / 2) - 20 * unit;
  fillRect(canvas, 0, y - 4 * unit, canvas.width, textHeight(scale) + 8 * unit, BACK, 170);
  drawText(canvas, text, Math.round((canvas.width - w) / 2), y, { scale, color: TEXT, shadow: SHADOW });
}
