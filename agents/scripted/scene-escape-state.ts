/**
 * The part of scene_escape's privileged state this policy reads, validated on every observation. Kept here
 * (not imported from games/) because agents depend only on protocol and games-manifest.
 */
import { z } from 'zod';

const Box = z.object({ minX: z.number(), minY: z.number(), minZ: z.number(), maxX: z.number(), maxY: z.number(), maxZ: z.number() });

export const SceneEscapeView = z.object({
  tickMs: z.number().positive(),
  player: z.object({ x: z.number(), z: z.number() }),
  /** Degrees; W walks along (sin yaw, cos yaw) in (x, z); the player faces the heading. */
  camera: z.object({ yaw: z.number(), pitch: z.number() }),
  tasks: z.array(z.object({ target: z.string(), done: z.boolean() })).max(256),
  taskIndex: z.number().int().min(0),
  objects: z.array(z.object({ id: z.string(), x: z.number(), z: z.number(), kind: z.string(), used: z.boolean() })).max(1024),
  doors: z.array(z.object({ id: z.string(), x: z.number(), z: z.number(), open: z.boolean(), axis: z.enum(['x', 'z']) })).max(1024),
  solids: z.array(Box).max(4096),
  map: z.object({ width: z.number().positive().max(400), depth: z.number().positive().max(400) }),
  rules: z.object({ moveSpeed: z.number().positive(), playerRadius: z.number().positive(), reach: z.number().positive(), facingDeg: z.number().positive() }),
});
export type SceneEscapeView = z.infer<typeof SceneEscapeView>;
