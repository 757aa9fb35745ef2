/**
 * The part of the workshop games' privileged state (solo_craft, midline_clash, shared_floor, handoff_run)
 * these policies read, validated on every observation. Kept here, not imported from games/, because agents
 * depend only on protocol and games-manifest.
 */
import { z } from 'zod';

const Item = z.object({ kind: z.string().max(64), high: z.boolean() });

export const WorkshopView = z.object({
  game: z.string(),
  regime: z.enum(['solo', 'pvp', 'coop']),
  simMs: z.number().min(0),
  tickMs: z.number().positive(),
  /** '#' blocks walking, '.' is floor; tile (col, row) spans [col, col + 1) x [row, row + 1) in tiles. */
  grid: z.object({ cols: z.number().int().positive().max(64), rows: z.number().int().positive().max(64), cells: z.array(z.string().max(64)).max(64) }),
  /** Tiles per tick straight and per axis diagonally; half the footprint's side. */
  motion: z.object({ step: z.number().positive(), diagStep: z.number().positive(), halfSize: z.number().positive() }),
  upgradeMs: z.number().positive(),
  stations: z
    .array(
      z.object({
        id: z.number().int().min(0),
        kind: z.enum(['crate', 'workbench', 'counter', 'bin', 'transfer']),
        col: z.number().int().min(0),
        row: z.number().int().min(0),
        supply: z.string().nullable(),
        holding: Item.nullable(),
        workLeftMs: z.number().min(0),
      }),
    )
    .max(256),
  players: z
    .array(
      z.object({
        slot: z.number().int().min(0),
        x: z.number(),
        y: z.number(),
        facingX: z.number().int().min(-1).max(1),
        facingY: z.number().int().min(-1).max(1),
        carrying: Item.nullable(),
      }),
    )
    .max(8),
  /** Open orders, most urgent first. */
  orders: z.array(z.object({ id: z.number().int(), item: Item, value: z.number(), leftMs: z.number() })).max(64),
});
export type WorkshopView = z.infer<typeof WorkshopView>;
export type WorkshopItem = z.infer<typeof Item>;
