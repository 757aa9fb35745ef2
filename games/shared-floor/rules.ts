/** What makes shared_floor on the workshop engine: two teammates on one floor, combined points / points available. */
import type { WorkshopGameSpec } from '../workshop/index.js';

export const SharedFloorRules = {
  id: 'shared_floor',
  build: 'shared_floor@1',
  title: 'SHARED FLOOR',
  regime: 'coop',
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 0 },
  ],
} as const satisfies Omit<WorkshopGameSpec, 'variants'>;
