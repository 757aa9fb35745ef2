import { expect } from 'vitest';
import { createSkyDuelPolicy } from './index.js';
import { SkyDuelState } from '../state.js';
import { skyDuelGame } from '../game.js';
import { describeDuelPolicy } from '../../../tests/support/policy-suite.js';

describeDuelPolicy({
  game: skyDuelGame,
  schema: SkyDuelState,
  policy: () => createSkyDuelPolicy(),
  beatsIdle: {
    name: 'beats a player who stands still, by knocking it off or out',
    check: (result) => expect(result.outcomes.get(1)).toBe('win'),
  },
});
