/**
 * The part of scene_escape's privileged state this policy reads, validated on every observation. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';
import { SolidBox, UseRules, WalkerState } from '../../common/policy/state-parts.js';

export const SceneEscapeView = z.object({
  ...WalkerState,
  tasks: z.array(z.object({ target: z.string(), done: z.boolean() })).max(256),
  taskIndex: z.number().int().min(0),
  objects: z.array(z.object({ id: z.string(), x: z.number(), z: z.number(), kind: z.string(), used: z.boolean() })).max(1024),
  doors: z.array(z.object({ id: z.string(), x: z.number(), z: z.number(), open: z.boolean(), axis: z.enum(['x', 'z']) })).max(1024),
  solids: z.array(SolidBox).max(4096),
  map: z.object({ width: z.number().positive().max(400), depth: z.number().positive().max(400) }),
  rules: UseRules,
});
export type SceneEscapeView = z.infer<typeof SceneEscapeView>;
