/** Draws cue_chase: a third-person view from behind the player over the plaza, its landmarks and people, plus the HUD. */
import { DEFAULT_LIGHT, createView, drawBox, drawPolygon, drawSkyGradient, horizonRow, type Camera, type Canvas, type Rgb } from '../render/index.js';
import { clearLine } from '../common/collide.js';
import { orbitCamera } from '../common/orbit-camera.js';
import { drawHud, drawLabels, type Label } from './hud.js';
import { LABEL_HEIGHT, drawFigure, drawLandmark, drawPerson } from './props.js';
import type { Scene } from './scene.js';

const LENS = { distance: 6.5, fovDeg: 62, near: 0.05 } as const;
const PIVOT_HEIGHT = 1.3;
const SKY_TOP: Rgb = [70, 126, 210];
const SKY_HORIZON: Rgb = [200, 224, 246];
const GRASS: Rgb = [92, 150, 70];
const PAVING_A: Rgb = [182, 174, 158];
const PAVING_B: Rgb = [168, 160, 144];
const HEDGE: Rgb = [48, 118, 54];
const PLAYER_SHIRT: Rgb = [22, 176, 176];
const TILE = 4;
/** Landmark names are shown up to this far away, m. */
const LABEL_RANGE = 16;

/** The camera behind and above the player at the scene's yaw and pitch. */
export function sceneCamera(scene: Scene): Camera {
  const { body } = scene;
  return orbitCamera({ x: body.x, y: body.y + PIVOT_HEIGHT, z: body.z }, scene.yawDeg, scene.pitchDeg, LENS);
}

/** Renders the whole frame into `canvas`. */
export function drawScene(canvas: Canvas, scene: Scene): void {
  const view = createView(sceneCamera(scene), canvas.width, canvas.height);
  drawSkyGradient(canvas, horizonRow(view), SKY_TOP, SKY_HORIZON, GRASS);
  const { plaza, body } = scene;
  const far = 60;
  drawPolygon(canvas, view, [[-far, -0.01, -far], [far, -0.01, -far], [far, -0.01, far], [-far, -0.01, far]], GRASS);
  for (let x = -plaza.halfX; x < plaza.halfX; x += TILE) {
    for (let z = -plaza.halfZ; z < plaza.halfZ; z += TILE) {
      const x1 = Math.min(plaza.halfX, x + TILE);
      const z1 = Math.min(plaza.halfZ, z + TILE);
      const even = (Math.round((x + plaza.halfX) / TILE) + Math.round((z + plaza.halfZ) / TILE)) % 2 === 0;
      drawPolygon(canvas, view, [[x, 0, z], [x1, 0, z], [x1, 0, z1], [x, 0, z1]], even ? PAVING_A : PAVING_B);
    }
  }
  for (const h of plaza.hedges) drawBox(canvas, view, [h.minX, h.minY, h.minZ], [h.maxX, h.maxY, h.maxZ], HEDGE, DEFAULT_LIGHT);
  for (const l of plaza.landmarks) drawLandmark(canvas, view, l);
  for (const p of plaza.people) drawPerson(canvas, view, p);
  drawFigure(canvas, view, body.x, body.y, body.z, scene.yawDeg, PLAYER_SHIRT, 'no hat');
  const blockers = plaza.landmarks.map((l) => l.box);
  const labels: Label[] = plaza.landmarks
    .filter((l) => Math.hypot(l.x - body.x, l.z - body.z) <= LABEL_RANGE && clearLine(body.x, body.z, l.x, l.z, 1, blockers.filter((b) => b !== l.box)))
    .map((l) => ({ text: l.kind, x: l.x, y: LABEL_HEIGHT[l.kind], z: l.z }));
  drawLabels(canvas, view, labels);
  drawHud(canvas, scene);
}
