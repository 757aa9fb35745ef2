import { expect } from 'vitest';
import { CrystalGuardView, createCrystalGuardPolicy } from '../../index.js';
import { crystalGuardGame } from '../../index.js';
import { describeDuelPolicy } from '../../../tests/support/policy-suite.js';

describeDuelPolicy({
  game: crystalGuardGame,
  schema: CrystalGuardView,
  policy: () => createCrystalGuardPolicy(),
  beatsIdle: {
    name: 'destroys the crystal of a player who stands still',
    check: (result) => expect([result.outcomes.get(1), result.progress.get(1)]).toEqual(['win', 1]),
  },
});
