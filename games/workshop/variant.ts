/** What a workshop variant sets: the arena map, what the crates hold, the order mix and the timings. */
import type { OrderPlan } from './orders.js';

export interface WorkshopVariant {
  readonly id: string;
  /** The arena as an ASCII map (see layout.ts for the legend). */
  readonly map: readonly string[];
  /** The part each crate letter hands out: crates[0] for 'a', crates[1] for 'b'... */
  readonly crates: readonly string[];
  /** Episode length, ms. */
  readonly timeLimitMs: number;
  /** Time a workbench takes to make a part High-grade, ms. */
  readonly upgradeMs: number;
  readonly orders: OrderPlan;
}

/** Who plays a workshop game and how points turn into progress. */
export type WorkshopRegime = 'solo' | 'pvp' | 'coop';

/** One workshop game: its id, title, regime, slots and variants; the engine does the rest. */
export interface WorkshopGameSpec {
  readonly id: string;
  readonly build: string;
  /** Title on the HUD, e.g. "SOLO CRAFT". */
  readonly title: string;
  readonly regime: WorkshopRegime;
  readonly slots: readonly { readonly slot: number; readonly team: number }[];
  readonly variants: readonly WorkshopVariant[];
}
