/** What makes midline_clash on the workshop engine: two rivals, weapons as items, share of the points scored. */
import type { WorkshopGameSpec } from '../workshop/index.js';

export const MidlineClashRules = {
  id: 'midline_clash',
  build: 'midline_clash@1',
  title: 'MIDLINE CLASH',
  regime: 'pvp',
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 1 },
  ],
} as const satisfies Omit<WorkshopGameSpec, 'variants'>;
