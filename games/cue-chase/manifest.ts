import type { GameEntry, Variant } from '../../games-manifest/schema.js';
import { SOLO_SLOTS, WALK_USE_CONTROLS, WIDE_FRAME, walkUseControlsText } from '../../games-manifest/parts.js';

/** cue_chase's variants, in listing order: the one list of their ids and time limits (the game's own where none is set). */
export const cueChaseVariants = [
  { id: 'origin', heldOut: false, description: 'square plaza with 8 landmarks and 8 people; 5 trades; hints by looks or by landmark' },
  { id: 'market', heldOut: true, description: 'wide market square, 10 landmarks, 9 people; 6 trades; hints by looks only' },
  { id: 'garden', heldOut: true, description: 'small garden, 7 landmarks, 6 people; 5 trades; hints by landmark only', timeLimitMs: 480_000 },
  { id: 'crowd', heldOut: true, description: 'large plaza, 10 landmarks, 10 people; 7 trades; mixed hints', timeLimitMs: 720_000 },
] as const satisfies readonly Variant[];

export const cueChase: GameEntry = {
  id: 'cue_chase',
  name: 'Cue Chase',
  regime: 'solo',
  view: 'third-person',
  summary: 'Exchange chain in a plaza: hints describe the next person by looks or by landmark; trade the held item with F.',
  slots: SOLO_SLOTS,
  controls: WALK_USE_CONTROLS,
  frame: WIDE_FRAME,
  timeLimitMs: 600_000,
  stepBudget: 500,
  progress: 'trades completed / length of the exchange chain (1 after the last trade)',
  variants: [...cueChaseVariants],
  prompt: {
    rules:
      'You hold an item and must pass it along a chain of people in a town plaza. The hint at the top of the screen describes ' +
      'who wants your item next: either by looks ("the person in a red shirt and a top hat", "... with no hat") or by place ' +
      '("the person by the fountain"). Walk up to that person, face them and press F: they take your item and give you the next ' +
      'one, and a new hint appears. Offering to anyone else does nothing ("No thanks..."). Hats are a cap, a tall black top hat, ' +
      'a wide straw hat, or none. Complete every trade before time runs out.',
    screen:
      'A third-person view from behind your character (teal shirt, no hat). Top centre: "TRADE YOUR <item> WITH" and the hint. ' +
      'Below it: time left (left) and trades done (right). Landmark names float over nearby landmarks. Bottom left: the item you ' +
      'hold. At the bottom: "Press F to offer ..." when you are close to and facing a person, and what they said.',
    controls: walkUseControlsText('offers your item to the person'),
  },
  launch: { kind: 'builtin', module: 'games/cue-chase/main.ts' },
};
