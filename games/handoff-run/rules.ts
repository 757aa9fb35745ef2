/** What makes handoff_run on the workshop engine: two teammates in split areas, combined points / points available. */
import type { WorkshopGameSpec } from '../workshop/index.js';

export const HandoffRunRules = {
  id: 'handoff_run',
  build: 'handoff_run@1',
  title: 'HANDOFF RUN',
  regime: 'coop',
  slots: [
    { slot: 0, team: 0 },
    { slot: 1, team: 0 },
  ],
} as const satisfies Omit<WorkshopGameSpec, 'variants'>;
