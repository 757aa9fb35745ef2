import { expect } from 'vitest';
import { createCrystalGuardPolicy } from './index.js';
import { CrystalGuardState } from '../state.js';
import { crystalGuardGame } from '../game.js';
import { describeDuelPolicy } from '../../../tests/support/policy-suite.js';

describeDuelPolicy({
  game: crystalGuardGame,
  schema: CrystalGuardState,
  policy: () => createCrystalGuardPolicy(),
  beatsIdle: {
    name: 'destroys the crystal of a player who stands still',
    check: (result) => expect([result.outcomes.get(1), result.progress.get(1)]).toEqual(['win', 1]),
  },
});
