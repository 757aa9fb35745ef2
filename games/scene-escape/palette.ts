/** Colours of scene_escape's rooms, walls, objects and HUD. */
import type { Rgb } from '../render/index.js';
import type { ColourName } from './rules.js';

/** The colour each named object colour is drawn in: far apart in hue so a model can tell them apart. */
export const OBJECT_RGB: Readonly<Record<ColourName, Rgb>> = {
  red: [222, 38, 38],
  blue: [40, 92, 236],
  green: [36, 178, 60],
  yellow: [246, 210, 28],
  purple: [150, 58, 210],
  orange: [246, 132, 24],
};

/** Floor tints, one per room in turn, so rooms are told apart. */
export const FLOORS: readonly Rgb[] = [
  [186, 170, 142],
  [150, 168, 180],
  [170, 184, 150],
  [196, 164, 160],
  [172, 160, 190],
  [196, 190, 150],
];

export const WALL: Rgb = [214, 208, 196];
export const WALL_TOP: Rgb = [120, 112, 104];
export const STAND: Rgb = [112, 112, 120];
export const POST: Rgb = [60, 60, 66];
export const CHEST: Rgb = [128, 82, 40];
export const EXIT_DOOR: Rgb = [255, 255, 255];
export const EXIT_SIGN: Rgb = [20, 190, 80];
export const KNOB: Rgb = [40, 40, 40];
export const PLAYER: Rgb = [30, 70, 200];
export const PLAYER_HEAD: Rgb = [240, 200, 160];
export const FURNITURE: Readonly<Record<'crate' | 'shelf' | 'table' | 'plant', Rgb>> = {
  crate: [150, 110, 60],
  shelf: [96, 64, 40],
  table: [188, 150, 100],
  plant: [40, 120, 50],
};
export const POT: Rgb = [140, 80, 50];
