/**
 * Builds a cue_chase plaza from a variant and a seed: landmarks and their footprints, who stands by which
 * landmark and how they look, and the chain of trades with the hint for each.
 */
import type { Prng } from '../../protocol/index.js';
import type { Aabb } from '../common/collide.js';
import { HATS, ITEMS, Rules, SHIRTS, type Hat, type Item, type LandmarkKind, type Shirt } from './rules.js';
import type { CueChaseVariant, HintKind } from './variants.js';

/** An axis-aligned box, m. */
export type Box = Aabb;

export interface Landmark {
  readonly id: string;
  readonly kind: LandmarkKind;
  readonly x: number;
  readonly z: number;
  /** What blocks walking. */
  readonly box: Box;
}

export interface Person {
  readonly id: string;
  readonly shirt: Shirt;
  readonly hat: Hat;
  /** The landmark they stand by. */
  readonly landmark: Landmark;
  readonly x: number;
  readonly z: number;
  /** The way they face, degrees (0 = +z), in quarter turns. */
  readonly facingDeg: number;
}

export interface Trade {
  readonly person: Person;
  readonly give: Item;
  readonly get: Item;
  readonly hintKind: HintKind;
}

export interface Plaza {
  readonly halfX: number;
  readonly halfZ: number;
  readonly hedges: readonly Box[];
  readonly landmarks: readonly Landmark[];
  readonly people: readonly Person[];
  readonly trades: readonly Trade[];
}

/** Footprint half sizes (x, z) and height of each landmark kind, m. */
export const FOOTPRINTS: Readonly<Record<LandmarkKind, readonly [number, number, number]>> = {
  fountain: [1.6, 1.6, 0.7],
  tree: [0.3, 0.3, 2.2],
  well: [0.7, 0.7, 0.9],
  statue: [0.6, 0.6, 1.2],
  'market stall': [1.3, 0.6, 0.9],
  bench: [1, 0.3, 0.9],
  'lamp post': [0.12, 0.12, 3.5],
  'flower bed': [1, 1, 0.3],
  cart: [0.9, 0.6, 1],
  signpost: [0.1, 0.1, 2.2],
};

/** The box a person fills. */
export function personBox(p: Person): Box {
  const h = Rules.npcHalf;
  return { minX: p.x - h, minY: 0, minZ: p.z - h, maxX: p.x + h, maxY: 1.8, maxZ: p.z + h };
}

function shuffle<T>(items: readonly T[], rng: Prng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Lays out `variant`, placing and dressing its people and choosing the chain with `rng`. */
export function buildPlaza(variant: CueChaseVariant, rng: Prng): Plaza {
  const { halfX, halfZ } = variant;
  const t = 0.3;
  const hh = Rules.hedgeHeight;
  const hedges: Box[] = [
    { minX: -halfX - t, minY: 0, minZ: -halfZ - t, maxX: halfX + t, maxY: hh, maxZ: -halfZ },
    { minX: -halfX - t, minY: 0, minZ: halfZ, maxX: halfX + t, maxY: hh, maxZ: halfZ + t },
    { minX: -halfX - t, minY: 0, minZ: -halfZ, maxX: -halfX, maxY: hh, maxZ: halfZ },
    { minX: halfX, minY: 0, minZ: -halfZ, maxX: halfX + t, maxY: hh, maxZ: halfZ },
  ];
  const landmarks: Landmark[] = variant.landmarks.map((l) => {
    const [hx, hz, h] = FOOTPRINTS[l.kind];
    return { id: l.kind.replace(/ /g, '_'), kind: l.kind, x: l.x, z: l.z, box: { minX: l.x - hx, minY: 0, minZ: l.z - hz, maxX: l.x + hx, maxY: h, maxZ: l.z + hz } };
  });
  const looks = shuffle(SHIRTS.flatMap((shirt) => HATS.map((hat) => [shirt, hat] as const)), rng);
  const spots = shuffle(landmarks, rng).slice(0, Math.min(variant.people, landmarks.length));
  const people: Person[] = spots.map((landmark, i) => {
    const [shirt, hat] = looks[i] ?? ['red', 'no hat'];
    // Stand on the side of the landmark that faces the middle of the plaza (the start side for the middle one).
    const toward = Math.hypot(landmark.x, landmark.z) < 1 ? [variant.start.x, variant.start.z] : [0, 0];
    const dx = (toward[0] ?? 0) - landmark.x;
    const dz = (toward[1] ?? 0) - landmark.z;
    const len = Math.hypot(dx, dz) || 1;
    const [hx, hz] = FOOTPRINTS[landmark.kind];
    const gap = Math.max(hx, hz) + Rules.npcHalf + 0.6;
    const facing = Math.round(Math.atan2(dx, dz) / (Math.PI / 2)) * 90;
    return { id: `person_${i}`, shirt, hat, landmark, x: landmark.x + (dx / len) * gap, z: landmark.z + (dz / len) * gap, facingDeg: facing };
  });
  const order = shuffle(people, rng).slice(0, Math.min(variant.trades, people.length, ITEMS.length - 1));
  const trades: Trade[] = order.map((person, i) => ({
    person,
    give: ITEMS[i] ?? 'apple',
    get: ITEMS[i + 1] ?? 'golden key',
    hintKind: variant.hints[rng.int(variant.hints.length)] ?? 'look',
  }));
  return { halfX, halfZ, hedges, landmarks, people, trades };
}

/** Everything that blocks walking: hedges, landmarks and people. */
export function solids(plaza: Plaza): Box[] {
  return [...plaza.hedges, ...plaza.landmarks.map((l) => l.box), ...plaza.people.map(personBox)];
}

/** "the person in a red shirt and a top hat" or "the person by the fountain". */
export function hintText(trade: Trade): string {
  const p = trade.person;
  if (trade.hintKind === 'place') return `the person by the ${p.landmark.kind}`;
  const shirt = withArticle(`${p.shirt} shirt`);
  return p.hat === 'no hat' ? `the person in ${shirt} with no hat` : `the person in ${shirt} and a ${p.hat}`;
}

/** "an apple" / "a book". */
export function withArticle(item: string): string {
  return /^[aeiou]/.test(item) ? `an ${item}` : `a ${item}`;
}
