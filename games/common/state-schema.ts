/** Zod pieces the games' privileged `state()` schemas share: the episode header, bodies, the camera and boxes. */
import { z } from 'zod';

/** The fields every game's state opens with: the game and variant, the game clock and its limit, and the tick, ms. */
export function episodeFields<const G extends string>(game: G) {
  return {
    game: z.literal(game),
    variant: z.string(),
    simMs: z.number().min(0),
    timeLimitMs: z.number().positive(),
    tickMs: z.number().positive(),
  };
}

/** A jumping body's fields: feet position in metres, velocity in m/s, and whether it stands. */
export const bodyFields = {
  x: z.number(),
  y: z.number(),
  z: z.number(),
  vx: z.number(),
  vy: z.number(),
  vz: z.number(),
  onGround: z.boolean(),
};

/** A jumping body that can drop out of play. */
export const MovingBodyState = z.strictObject({ ...bodyFields, alive: z.boolean() });
export type MovingBodyState = z.infer<typeof MovingBodyState>;

/** A walker's feet position in metres (y = 0 on the floor) and whether it stands. */
export const WalkerState = z.strictObject({ x: z.number(), y: z.number(), z: z.number(), onGround: z.boolean() });
export type WalkerState = z.infer<typeof WalkerState>;

/** Camera heading and tilt, degrees; W walks along (sin yaw, cos yaw) in (x, z), D along (cos yaw, -sin yaw). */
export const CameraState = z.strictObject({ yaw: z.number(), pitch: z.number() });
export type CameraState = z.infer<typeof CameraState>;

/** An axis-aligned box, m. */
export const BoxState = z.strictObject({
  minX: z.number(),
  minY: z.number(),
  minZ: z.number(),
  maxX: z.number(),
  maxY: z.number(),
  maxZ: z.number(),
});
export type BoxState = z.infer<typeof BoxState>;

/** The walk-and-use games' rules: walking speed in m/s, body radius and reach in m, the facing cone in degrees. */
export const ReachRulesState = z.strictObject({ moveSpeed: z.number(), playerRadius: z.number(), reach: z.number(), facingDeg: z.number() });
export type ReachRulesState = z.infer<typeof ReachRulesState>;
