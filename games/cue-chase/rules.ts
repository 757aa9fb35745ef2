/** The rules of cue_chase, the same in every variant. Distances in metres, speeds in m/s, times in ms. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  playerRadius: 0.35,
  moveSpeed: 4.5,
  jumpSpeed: 5,
  gravity: 20,
  /** A person can be traded with from this far (player centre to theirs, horizontally), m... */
  reach: 1.8,
  /** ... when they stand within this angle of the camera heading, degrees. */
  facingDeg: 50,
  /** Half the side of a person's footprint, m. */
  npcHalf: 0.3,
  /** Height of the hedge round the plaza, m. */
  hedgeHeight: 1.2,
  /** How long a message stays on screen, ms: longer than one pdq cycle. */
  messageMs: 3200,
  pitchMin: -80,
  pitchMax: 10,
  startPitch: -30,
} as const;

/** Shirt colours people wear; a hint may name one. */
export const SHIRTS = ['red', 'blue', 'green', 'yellow', 'purple', 'orange', 'white', 'black'] as const;
export type Shirt = (typeof SHIRTS)[number];

/** Hats people wear; a hint may name one. */
export const HATS = ['no hat', 'cap', 'top hat', 'straw hat'] as const;
export type Hat = (typeof HATS)[number];

/** What the player carries in turn: the first is held at the start, each trade gives the next. */
export const ITEMS = ['apple', 'flower', 'book', 'lantern', 'map', 'compass', 'teapot', 'violin', 'golden key'] as const;
export type Item = (typeof ITEMS)[number];

/** Landmarks a person can stand by; a hint may name one. */
export const LANDMARKS = ['fountain', 'tree', 'well', 'statue', 'market stall', 'bench', 'lamp post', 'flower bed', 'cart', 'signpost'] as const;
export type LandmarkKind = (typeof LANDMARKS)[number];
