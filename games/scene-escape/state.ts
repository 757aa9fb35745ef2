/** The privileged state of scene_escape, as `state()` emits it: everything a scripted policy needs. */
import { z } from 'zod';
import { BoxState, CameraState, ReachRulesState, WalkerState, episodeFields } from '../common/state-schema.js';

export const SceneEscapeBoxState = BoxState;
export type SceneEscapeBoxState = z.infer<typeof SceneEscapeBoxState>;

export const SceneEscapeState = z.strictObject({
  ...episodeFields('scene_escape'),
  /** Feet position in metres (y = 0 on the floor); x east, z north. */
  player: WalkerState,
  /** Camera heading and tilt, degrees; W walks along (sin yaw, cos yaw) in (x, z), and the player faces the heading. */
  camera: CameraState,
  /** The chain in order: the on-screen text and the id of the object or door it names. */
  tasks: z.array(z.strictObject({ text: z.string(), target: z.string(), done: z.boolean() })),
  /** Index of the current task (= tasks completed). */
  taskIndex: z.number().int().min(0),
  /** The interaction prompt on screen now, and the latest message, if any. */
  prompt: z.string().nullable(),
  message: z.string().nullable(),
  /** Colours of the keys held. */
  inventory: z.array(z.string()),
  objects: z.array(
    z.strictObject({ id: z.string(), kind: z.enum(['key', 'lever', 'button', 'chest']), colour: z.string(), x: z.number(), z: z.number(), used: z.boolean() }),
  ),
  /** Doors, gates and the exit; `axis` is the direction the wall they sit in runs. */
  doors: z.array(
    z.strictObject({ id: z.string(), kind: z.enum(['door', 'gate', 'exit']), colour: z.string().nullable(), x: z.number(), z: z.number(), axis: z.enum(['x', 'z']), open: z.boolean() }),
  ),
  /** Everything that blocks walking now (walls, closed doors, stands, furniture). */
  solids: z.array(SceneEscapeBoxState),
  map: z.strictObject({ width: z.number().positive(), depth: z.number().positive(), roomSize: z.number().positive() }),
  /** The rules' numbers: speed in m/s, sizes in m, angle in degrees. */
  rules: ReachRulesState,
});
export type SceneEscapeState = z.infer<typeof SceneEscapeState>;
