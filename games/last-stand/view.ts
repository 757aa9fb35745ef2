/** Draws last_stand: a third-person view from behind and above the player, plus the countdown HUD. */
import { DEFAULT_LIGHT, createView, drawBox, drawSkyGradient, drawText, horizonRow, type Camera, type Canvas, type Rgb, type View } from '../render/index.js';
import { drawSquareShadow, drawSuitFigure, quarterTurnFigure } from '../common/figure.js';
import { HUD_BACK, HUD_SHADOW, HUD_TEXT, drawTopCounter, hudUnit, secondsLeft } from '../common/hud.js';
import { orbitCamera } from '../common/orbit-camera.js';
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
const SHADOW: Rgb = [64, 66, 76];

/** Orbit distance of the camera from its pivot above the player (m) and its field of view (degrees). */
const LENS = { distance: 9, fovDeg: 60 } as const;
const PIVOT_HEIGHT = 1.6;
/** Time a dropped tile stays visible while it falls away, ms. */
const FALL_VISIBLE_MS = 1200;
const GAP = 0.06;

/** The camera orbiting behind the player at the scene's yaw and pitch. */
export function sceneCamera(scene: Scene): Camera {
  const { body } = scene;
  return orbitCamera({ x: body.x, y: Math.max(body.y, -1) + PIVOT_HEIGHT, z: body.z }, scene.yawDeg, scene.pitchDeg, LENS);
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
  if (body.y > -Rules.tileThickness && platform.supports(body.x, body.z)) drawSquareShadow(canvas, view, body.x, 0.01, body.z, 0.38, SHADOW);
  const part = quarterTurnFigure(canvas, view, body.x, body.y, body.z, body.facingDeg);
  drawSuitFigure(part, { hip: 0.75, neck: 1.4, arms: [0.8, 1.38], head: [1.45, 1.85], visor: [1.58, 1.72] });
}

function drawHud(canvas: Canvas, scene: Scene): void {
  const unit = hudUnit(canvas.height);
  const pad = 3 * unit;
  const text = String(secondsLeft(scene.timeLimitMs - scene.simMs));
  drawTopCounter(canvas, text, { scale: unit * 3, top: 4 * unit, padX: pad * 2, padY: pad, back: HUD_BACK, alpha: 150, color: HUD_TEXT });
  drawText(canvas, 'LAST STAND', 4 * unit, 4 * unit, { scale: unit, color: HUD_TEXT, shadow: HUD_SHADOW });
}
