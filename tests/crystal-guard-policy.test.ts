import { expect } from 'vitest';
import { CrystalGuardView, createCrystalGuardPolicy } from '../agents/index.js';
import { crystalGuardGame } from '../games/index.js';
import { describeDuelPolicy } from './support/policy-suite.js';

describeDuelPolicy({
  game: crystalGuardGame,
  schema: CrystalGuardView,
  policy: () => createCrystalGuardPolicy(),
  beatsIdle: {
    name: 'destroys the crystal of a player who stands still',
    check: (result) => expect([result.outcomes.get(1), result.progress.get(1)]).toEqual(['win', 1]),
  },
});
