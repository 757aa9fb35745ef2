/** The privileged state of cue_chase, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { BoxState, CameraState, ReachRulesState, WalkerState, episodeFields } from '../common/state-schema.js';

export const CueChaseBoxState = BoxState;
export type CueChaseBoxState = z.infer<typeof CueChaseBoxState>;

export const CueChaseState = z.strictObject({
  ...episodeFields('cue_chase'),
  /** Feet position in metres (y = 0 on the ground); x east, z north. */
  player: WalkerState,
  /** Camera heading and tilt, degrees; W walks along (sin yaw, cos yaw) in (x, z), and the player faces the heading. */
  camera: CameraState,
  /** The item held now, and the hint on screen for the next trade (null once the chain is done). */
  held: z.string(),
  hint: z.string().nullable(),
  /** Trades completed. */
  tradeIndex: z.number().int().min(0),
  /** The chain in order: who takes which item for which, and the hint that names them. */
  trades: z.array(z.strictObject({ person: z.string(), give: z.string(), get: z.string(), hintKind: z.enum(['look', 'place']), hint: z.string(), done: z.boolean() })),
  people: z.array(z.strictObject({ id: z.string(), shirt: z.string(), hat: z.string(), landmark: z.string(), x: z.number(), z: z.number() })),
  landmarks: z.array(z.strictObject({ id: z.string(), kind: z.string(), x: z.number(), z: z.number() })),
  /** Everything that blocks walking (hedges, landmarks, people). */
  solids: z.array(CueChaseBoxState),
  /** The plaza spans [-halfX, halfX] x [-halfZ, halfZ]. */
  plaza: z.strictObject({ halfX: z.number().positive(), halfZ: z.number().positive() }),
  prompt: z.string().nullable(),
  message: z.string().nullable(),
  /** The rules' numbers: speed in m/s, sizes in m, angle in degrees. */
  rules: ReachRulesState,
});
export type CueChaseState = z.infer<typeof CueChaseState>;
