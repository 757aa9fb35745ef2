/** The variants of scene_escape: room layout, object placement and the task chain change; the rules never do. */
import type { ColourName } from './rules.js';
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { sceneEscapeVariants } from './manifest.js';
import { sceneEscape } from './manifest.js';

/** A room on the grid: column (x) and row (z). */
export type Cell = readonly [number, number];

/** A passage between two neighbouring rooms: an open doorway, a door opened by its key, or a gate opened by a lever or button. */
export interface Link {
  readonly a: Cell;
  readonly b: Cell;
  readonly kind: 'open' | 'door' | 'gate';
  readonly colour?: ColourName;
}

/** Something to use inside a room; a lever or button `opens` the gate of the same colour. */
export interface ObjectSpec {
  readonly kind: 'key' | 'lever' | 'button' | 'chest';
  readonly colour: ColourName;
  readonly cell: Cell;
}

/** One task: use the object (or door) of this kind and colour, or the exit door. */
export type TaskSpec =
  | { readonly kind: 'key' | 'lever' | 'button' | 'chest' | 'door'; readonly colour: ColourName }
  | { readonly kind: 'exit' };

export interface SceneEscapeVariant {
  readonly id: string;
  readonly cols: number;
  readonly rows: number;
  readonly start: { readonly cell: Cell; readonly yawDeg: number };
  readonly links: readonly Link[];
  /** The exit door: on the outer wall of `cell`, on side n (+z), s (-z), e (+x) or w (-x). */
  readonly exit: { readonly cell: Cell; readonly side: 'n' | 's' | 'e' | 'w' };
  readonly objects: readonly ObjectSpec[];
  readonly chain: readonly TaskSpec[];
  readonly timeLimitMs: number;
}

const PARAMS: VariantParams<typeof sceneEscapeVariants, Omit<SceneEscapeVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    cols: 2,
    rows: 2,
    start: { cell: [0, 0], yawDeg: 0 },
    links: [
      { a: [0, 0], b: [1, 0], kind: 'door', colour: 'red' },
      { a: [1, 0], b: [1, 1], kind: 'gate', colour: 'green' },
      { a: [1, 1], b: [0, 1], kind: 'door', colour: 'blue' },
    ],
    exit: { cell: [0, 1], side: 'n' },
    objects: [
      { kind: 'key', colour: 'red', cell: [0, 0] },
      { kind: 'key', colour: 'purple', cell: [0, 0] },
      { kind: 'lever', colour: 'green', cell: [1, 0] },
      { kind: 'button', colour: 'orange', cell: [1, 0] },
      { kind: 'key', colour: 'blue', cell: [1, 1] },
      { kind: 'button', colour: 'yellow', cell: [0, 1] },
    ],
    chain: [
      { kind: 'key', colour: 'red' },
      { kind: 'door', colour: 'red' },
      { kind: 'lever', colour: 'green' },
      { kind: 'key', colour: 'blue' },
      { kind: 'door', colour: 'blue' },
      { kind: 'button', colour: 'yellow' },
      { kind: 'exit' },
    ],
  },
  hallway: {
    cols: 4,
    rows: 1,
    start: { cell: [0, 0], yawDeg: 90 },
    links: [
      { a: [0, 0], b: [1, 0], kind: 'open' },
      { a: [1, 0], b: [2, 0], kind: 'door', colour: 'yellow' },
      { a: [2, 0], b: [3, 0], kind: 'gate', colour: 'blue' },
    ],
    exit: { cell: [3, 0], side: 'e' },
    objects: [
      { kind: 'chest', colour: 'orange', cell: [0, 0] },
      { kind: 'key', colour: 'yellow', cell: [1, 0] },
      { kind: 'key', colour: 'red', cell: [1, 0] },
      { kind: 'button', colour: 'blue', cell: [2, 0] },
      { kind: 'lever', colour: 'green', cell: [2, 0] },
    ],
    chain: [
      { kind: 'chest', colour: 'orange' },
      { kind: 'key', colour: 'yellow' },
      { kind: 'door', colour: 'yellow' },
      { kind: 'button', colour: 'blue' },
      { kind: 'exit' },
    ],
  },
  wing: {
    cols: 3,
    rows: 2,
    start: { cell: [1, 0], yawDeg: 0 },
    links: [
      { a: [1, 0], b: [0, 0], kind: 'open' },
      { a: [1, 0], b: [2, 0], kind: 'open' },
      { a: [1, 0], b: [1, 1], kind: 'door', colour: 'green' },
      { a: [0, 0], b: [0, 1], kind: 'gate', colour: 'red' },
      { a: [2, 0], b: [2, 1], kind: 'door', colour: 'purple' },
    ],
    exit: { cell: [2, 1], side: 'n' },
    objects: [
      { kind: 'key', colour: 'green', cell: [2, 0] },
      { kind: 'lever', colour: 'red', cell: [1, 1] },
      { kind: 'chest', colour: 'blue', cell: [0, 1] },
      { kind: 'key', colour: 'purple', cell: [0, 1] },
      { kind: 'key', colour: 'yellow', cell: [0, 0] },
      { kind: 'button', colour: 'orange', cell: [1, 1] },
    ],
    chain: [
      { kind: 'key', colour: 'green' },
      { kind: 'door', colour: 'green' },
      { kind: 'lever', colour: 'red' },
      { kind: 'chest', colour: 'blue' },
      { kind: 'key', colour: 'purple' },
      { kind: 'door', colour: 'purple' },
      { kind: 'exit' },
    ],
  },
  vault: {
    cols: 3,
    rows: 3,
    start: { cell: [1, 1], yawDeg: 180 },
    links: [
      { a: [1, 1], b: [1, 0], kind: 'open' },
      { a: [1, 1], b: [0, 1], kind: 'open' },
      { a: [1, 1], b: [2, 1], kind: 'door', colour: 'orange' },
      { a: [1, 1], b: [1, 2], kind: 'gate', colour: 'yellow' },
      { a: [0, 1], b: [0, 2], kind: 'door', colour: 'blue' },
      { a: [2, 1], b: [2, 0], kind: 'open' },
      { a: [1, 2], b: [2, 2], kind: 'door', colour: 'red' },
    ],
    exit: { cell: [2, 2], side: 'e' },
    objects: [
      { kind: 'key', colour: 'orange', cell: [1, 0] },
      { kind: 'button', colour: 'green', cell: [1, 0] },
      { kind: 'key', colour: 'blue', cell: [2, 0] },
      { kind: 'chest', colour: 'purple', cell: [0, 2] },
      { kind: 'lever', colour: 'yellow', cell: [0, 2] },
      { kind: 'key', colour: 'red', cell: [1, 2] },
      { kind: 'key', colour: 'green', cell: [0, 1] },
    ],
    chain: [
      { kind: 'key', colour: 'orange' },
      { kind: 'door', colour: 'orange' },
      { kind: 'key', colour: 'blue' },
      { kind: 'door', colour: 'blue' },
      { kind: 'chest', colour: 'purple' },
      { kind: 'lever', colour: 'yellow' },
      { kind: 'key', colour: 'red' },
      { kind: 'door', colour: 'red' },
      { kind: 'exit' },
    ],
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly SceneEscapeVariant[] = manifestVariants(sceneEscape, PARAMS);
