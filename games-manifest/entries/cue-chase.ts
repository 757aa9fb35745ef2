import type { GameEntry } from '../schema.js';
import { RunDefaults } from '../defaults.js';

export const cueChase: GameEntry = {
  id: 'cue_chase',
  name: 'Cue Chase',
  regime: 'solo',
  view: 'third-person',
  summary: 'Exchange chain in a plaza: hints describe the next person by looks or by landmark; trade the held item with F.',
  slots: [{ slot: 0, team: 0 }],
  controls: {
    keys: ['W', 'A', 'S', 'D', 'Space', 'F'],
    buttons: [],
    tapControls: ['F'],
    mouseAxes: ['x', 'y'],
    maxLookDeg: 180,
    chunkSteps: 5,
    stepMs: RunDefaults.stepMs,
    tapMs: RunDefaults.tapMs,
  },
  frame: { width: 640, height: 360 },
  timeLimitMs: 600_000,
  stepBudget: 500,
  progress: 'trades completed / length of the exchange chain (1 after the last trade)',
  variants: [
    { id: 'origin', heldOut: false, description: 'square plaza with 8 landmarks and 8 people; 5 trades; hints by looks or by landmark' },
    { id: 'market', heldOut: true, description: 'wide market square, 10 landmarks, 9 people; 6 trades; hints by looks only' },
    { id: 'garden', heldOut: true, description: 'small garden, 7 landmarks, 6 people; 5 trades; hints by landmark only', timeLimitMs: 480_000 },
    { id: 'crowd', heldOut: true, description: 'large plaza, 10 landmarks, 10 people; 7 trades; mixed hints', timeLimitMs: 720_000 },
  ],
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
    controls:
      'Mouse X (degrees) turns the camera and the way you face: positive turns right; mouse Y tilts the camera. W/A/S/D walk ' +
      'forward/left/back/right relative to the camera (about 0.54 m per step). F (tap) offers your item to the person in front ' +
      'of you, within about 1.8 m and within 50 degrees of where you face. Space jumps.',
  },
  launch: { kind: 'builtin', module: 'games/cue-chase/main.ts' },
};
