/** The variants of cue_chase: plaza size, landmarks, how many people, chain length and hint kinds change; the rules never do. */
import type { LandmarkKind } from './rules.js';
import { manifestVariants, type VariantParams } from '../common/variant-list.js';
import type { cueChaseVariants } from './manifest.js';
import { cueChase } from './manifest.js';

/** A landmark and the spot beside it where a person may stand (x, z), m. */
export interface LandmarkSpec {
  readonly kind: LandmarkKind;
  readonly x: number;
  readonly z: number;
}

/** `look` hints name shirt colour and hat; `place` hints name the landmark a person stands by. */
export type HintKind = 'look' | 'place';

export interface CueChaseVariant {
  readonly id: string;
  /** The plaza spans [-halfX, halfX] x [-halfZ, halfZ], hedged all round. */
  readonly halfX: number;
  readonly halfZ: number;
  readonly start: { readonly x: number; readonly z: number; readonly yawDeg: number };
  readonly landmarks: readonly LandmarkSpec[];
  /** People in the plaza (at most one per landmark; the seed picks which landmarks and how they look). */
  readonly people: number;
  /** Trades in the chain (each with a different person). */
  readonly trades: number;
  readonly hints: readonly HintKind[];
  readonly timeLimitMs: number;
}

const PARAMS: VariantParams<typeof cueChaseVariants, Omit<CueChaseVariant, 'id' | 'timeLimitMs'>> = {
  origin: {
    halfX: 18,
    halfZ: 18,
    start: { x: 0, z: -15, yawDeg: 0 },
    landmarks: [
      { kind: 'fountain', x: 0, z: 0 },
      { kind: 'tree', x: -11, z: 10 },
      { kind: 'well', x: 11, z: 10 },
      { kind: 'statue', x: -11, z: -8 },
      { kind: 'market stall', x: 11, z: -8 },
      { kind: 'bench', x: 0, z: 13 },
      { kind: 'lamp post', x: -14, z: 1 },
      { kind: 'flower bed', x: 14, z: 1 },
    ],
    people: 8,
    trades: 5,
    hints: ['look', 'place'],
  },
  market: {
    halfX: 22,
    halfZ: 15,
    start: { x: -19, z: 0, yawDeg: 90 },
    landmarks: [
      { kind: 'market stall', x: -8, z: 9 },
      { kind: 'cart', x: 0, z: 9 },
      { kind: 'signpost', x: 8, z: 9 },
      { kind: 'well', x: 16, z: 5 },
      { kind: 'fountain', x: 0, z: -1 },
      { kind: 'bench', x: -9, z: -9 },
      { kind: 'lamp post', x: 0, z: -11 },
      { kind: 'tree', x: 9, z: -9 },
      { kind: 'statue', x: 17, z: -7 },
      { kind: 'flower bed', x: -16, z: 8 },
    ],
    people: 9,
    trades: 6,
    hints: ['look'],
  },
  garden: {
    halfX: 15,
    halfZ: 15,
    start: { x: 0, z: 0, yawDeg: 45 },
    landmarks: [
      { kind: 'tree', x: -9, z: 9 },
      { kind: 'flower bed', x: 9, z: 9 },
      { kind: 'statue', x: -9, z: -9 },
      { kind: 'well', x: 9, z: -9 },
      { kind: 'bench', x: 0, z: 11 },
      { kind: 'lamp post', x: 11, z: 0 },
      { kind: 'signpost', x: -11, z: 0 },
    ],
    people: 6,
    trades: 5,
    hints: ['place'],
  },
  crowd: {
    halfX: 22,
    halfZ: 22,
    start: { x: 0, z: -19, yawDeg: 0 },
    landmarks: [
      { kind: 'fountain', x: 0, z: 0 },
      { kind: 'tree', x: -14, z: 14 },
      { kind: 'well', x: 14, z: 14 },
      { kind: 'statue', x: -14, z: -12 },
      { kind: 'market stall', x: 14, z: -12 },
      { kind: 'bench', x: 0, z: 17 },
      { kind: 'lamp post', x: -18, z: 1 },
      { kind: 'flower bed', x: 18, z: 1 },
      { kind: 'cart', x: -7, z: -16 },
      { kind: 'signpost', x: 8, z: -17 },
    ],
    people: 10,
    trades: 7,
    hints: ['look', 'place'],
  },
};

/** The variants in manifest order, with the manifest's ids and time limits. */
export const VARIANTS: readonly CueChaseVariant[] = manifestVariants(cueChase, PARAMS);
