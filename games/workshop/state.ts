/** The privileged state every workshop game emits from `state()`: everything a scripted policy needs. */
import { z } from 'zod';

export const WorkshopItemState = z.strictObject({ kind: z.string(), high: z.boolean() });
export type WorkshopItemState = z.infer<typeof WorkshopItemState>;

export const WorkshopState = z.strictObject({
  game: z.string(),
  variant: z.string(),
  regime: z.enum(['solo', 'pvp', 'coop']),
  simMs: z.number().min(0),
  timeLimitMs: z.number().positive(),
  tickMs: z.number().positive(),
  /** Rows of the arena, top first: '#' blocks walking (walls and stations), '.' is floor. Tile (col, row) spans [col, col + 1) x [row, row + 1). */
  grid: z.strictObject({ cols: z.number().int().positive(), rows: z.number().int().positive(), cells: z.array(z.string()) }),
  /** Walking rules in tiles: per-tick step straight and on each axis diagonally, half the footprint's side. */
  motion: z.strictObject({ step: z.number().positive(), diagStep: z.number().positive(), halfSize: z.number().positive() }),
  upgradeMs: z.number().positive(),
  stations: z.array(
    z.strictObject({
      id: z.number().int().min(0),
      kind: z.enum(['crate', 'workbench', 'counter', 'bin', 'transfer']),
      col: z.number().int().min(0),
      row: z.number().int().min(0),
      /** The part a crate hands out (null for other stations). */
      supply: z.string().nullable(),
      /** What a workbench or transfer point holds. */
      holding: WorkshopItemState.nullable(),
      /** Time left on a workbench's upgrade, ms (0 when done or idle). */
      workLeftMs: z.number().min(0),
    }),
  ),
  /** Centres in tiles (x to the right, y down the screen); facing is the direction of the last move. */
  players: z.array(
    z.strictObject({
      slot: z.number().int().min(0),
      x: z.number(),
      y: z.number(),
      facingX: z.number().int().min(-1).max(1),
      facingY: z.number().int().min(-1).max(1),
      area: z.number().int(),
      carrying: WorkshopItemState.nullable(),
      points: z.number().min(0),
    }),
  ),
  /** Open orders, most urgent first. */
  orders: z.array(z.strictObject({ id: z.number().int().positive(), item: WorkshopItemState, value: z.number().positive(), leftMs: z.number().min(0), durationMs: z.number().positive() })),
  points: z.strictObject({ scored: z.number().min(0), available: z.number().min(0) }),
});
export type WorkshopState = z.infer<typeof WorkshopState>;
