/** What makes solo_craft on the workshop engine: one player, machine parts as items, points / points available. */
import type { WorkshopGameSpec } from '../workshop/index.js';

export const SoloCraftRules = {
  id: 'solo_craft',
  build: 'solo_craft@1',
  title: 'SOLO CRAFT',
  regime: 'solo',
  slots: [{ slot: 0, team: 0 }],
} as const satisfies Omit<WorkshopGameSpec, 'variants'>;
