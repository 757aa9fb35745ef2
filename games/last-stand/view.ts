/** Draws last_stand: a third-person view from behind and above the player, plus the countdown HUD. */
import {
  DEFAULT_LIGHT,
  createView,
  drawBox,
  drawPolygon,
  drawSkyGradient,
  drawText,
  fillRect,
  horizonRow,
  measureText,
  textHeight,
  type Camera,
  type Canvas,
  type Rgb,
  type View,
} from '../render/index.js';
import type { Platform, Tile } from './platform.js';
import type { PlayerBody } from './player.js';
import { Rules } from './rules.js';

/** What the view needs of the game. */
export interface Scene {
  readonly platform: Platform;
  readonly body: PlayerBody;
  readonly yawDeg: number;
  readonly pitchDeg: number;
  readonly simMs: number;
  readonly timeLimitMs: number;
}

const SKY_TOP: Rgb = [62, 112, 196];
const SKY_HORIZON: Rgb = [196, 220, 244];
const SKY_BELOW: Rgb = [84, 118, 180];
const TILE_A: Rgb = [150, 153, 160];
const TILE_B: Rgb = [172, 175, 182];
const WARN_BRIGHT: Rgb = [240, 52, 40];
const WARN_DARK: Rgb = [150, 22, 22];
const PLAYER: Rgb = [36, 86, 232];
const PLAYER_HEAD: Rgb = [84, 132, 255];
const VISOR: Rgb = [235, 240, 250];
const SHADOW: Rgb = [64, 66, 76];
const HUD_BACK: Rgb = [16, 20, 36];
const HUD_TEXT: Rgb = [255, 255, 255];
const HUD_SHADOW: Rgb = [0, 0, 0];

/** Orbit distance of the camera from its pivot above the player, m. */
const CAMERA_DISTANCE = 9;
const PIVOT_HEIGHT = 1.6;
const FOV_DEG = 60;
/** Time a dropped tile stays visible while it falls away, ms. */
const FALL_VISIBLE_MS = 1200;
const RAD = Math.PI / 180;
const GAP = 0.06;

/** The camera orbiting behind the player at the scene's yaw and pitch. */
export function sceneCamera(scene: Scene): Camera {
  const yaw = scene.yawDeg * RAD;
  const pitch = scene.pitchDeg * RAD;
  const { body } = scene;
  const pivotY = Math.max(body.y, -1) + PIVOT_HEIGHT;
  const c = Math.cos(pitch) * CAMERA_DISTANCE;
  return {
    position: [body.x - Math.sin(yaw) * c, pivotY - Math.sin(pitch) * CAMERA_DISTANCE, body.z - Math.cos(yaw) * c],
    yawDeg: scene.yawDeg,
    pitchDeg: scene.pitchDeg,
    fovDeg: FOV_DEG,
  };
}

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const view = createView(sceneCamera(scene), canvas.width, canvas.height);
  drawSkyGradient(canvas, horizonRow(view), SKY_TOP, SKY_HORIZON, SKY_BELOW);
  for (const tile of scene.platform.tiles) drawTile(canvas, view, scene.platform, tile);
  drawPlayer(canvas, view, scene);
  drawHud(canvas, scene);
}

function tileColor(tile: Tile): Rgb {
  if (tile.status === 'intact') return (tile.col + tile.row) % 2 === 0 ? TILE_A : TILE_B;
  if (tile.status === 'fallen') return WARN_DARK;
  // Flash faster as the drop nears; every phase is clearly red.
  const half = tile.warnLeftMs > 1200 ? 200 : 80;
  return Math.floor(tile.warnLeftMs / half) % 2 === 0 ? WARN_BRIGHT : WARN_DARK;
}

function drawTile(canvas: Canvas, view: View, platform: Platform, tile: Tile): void {
  let drop = 0;
  if (tile.status === 'fallen') {
    if (tile.fallenMs > FALL_VISIBLE_MS) return;
    const t = tile.fallenMs / 1000;
    drop = 0.5 * Rules.gravity * t * t;
  }
  const half = Rules.tileSize / 2 - GAP;
  const x = platform.centerX(tile.col);
  const z = platform.centerZ(tile.row);
  drawBox(canvas, view, [x - half, -Rules.tileThickness - drop, z - half], [x + half, -drop, z + half], tileColor(tile), DEFAULT_LIGHT);
}

function drawPlayer(canvas: Canvas, view: View, scene: Scene): void {
  const { body, platform } = scene;
  if (body.y > -Rules.tileThickness && platform.supports(body.x, body.z)) {
    const s = 0.38;
    const y = 0.01;
    drawPolygon(canvas, view, [[body.x - s, y, body.z - s], [body.x + s, y, body.z - s], [body.x + s, y, body.z + s], [body.x - s, y, body.z + s]], SHADOW);
  }
  // The figure turns in quarter turns so every part stays an axis-aligned box.
  const q = (((Math.round(body.facingDeg / 90) % 4) + 4) % 4) * 90 * RAD;
  const fx = Math.round(Math.sin(q));
  const fz = Math.round(Math.cos(q));
  const part = (u0: number, u1: number, v0: number, v1: number, w0: number, w1: number, color: Rgb): void => {
    const xa = body.x + u0 * fz + w0 * fx;
    const xb = body.x + u1 * fz + w1 * fx;
    const za = body.z - u0 * fx + w0 * fz;
    const zb = body.z - u1 * fx + w1 * fz;
    drawBox(canvas, view, [Math.min(xa, xb), body.y + v0, Math.min(za, zb)], [Math.max(xa, xb), body.y + v1, Math.max(za, zb)], color, DEFAULT_LIGHT);
  };
  part(-0.3, -0.05, 0, 0.75, -0.14, 0.14, PLAYER);
  part(0.05, 0.3, 0, 0.75, -0.14, 0.14, PLAYER);
  part(-0.32, 0.32, 0.75, 1.4, -0.18, 0.18, PLAYER);
  part(-0.46, -0.32, 0.8, 1.38, -0.1, 0.1, PLAYER_HEAD);
  part(0.32, 0.46, 0.8, 1.38, -0.1, 0.1, PLAYER_HEAD);
  part(-0.2, 0.2, 1.45, 1.85, -0.2, 0.2, PLAYER_HEAD);
  part(-0.14, 0.14, 1.58, 1.72, 0.2, 0.24, VISOR);
}

function drawHud(canvas: Canvas, scene: Scene): void {
  const { width, height } = canvas;
  const unit = Math.max(1, Math.round(height / 180));
  const secondsLeft = Math.max(0, Math.ceil((scene.timeLimitMs - scene.simMs) / 1000));
  const big = unit * 3;
  const text = String(secondsLeft);
  const w = measureText(text, big);
  const pad = 3 * unit;
  const x = Math.round((width - w) / 2);
  const y = 4 * unit;
  fillRect(canvas, x - pad * 2, y - pad, w + pad * 4, textHeight(big) + pad * 2, HUD_BACK, 150);
  drawText(canvas, text, x, y, { scale: big, color: HUD_TEXT, shadow: HUD_SHADOW });
  drawText(canvas, 'LAST STAND', 4 * unit, 4 * unit, { scale: unit, color: HUD_TEXT, shadow: HUD_SHADOW });
}
