/** The episode-limit flags `arena match`, `arena tournament` and `arena curve` share, with one meaning each. */
import type { FlagTable } from '../../protocol/index.js';

/** `--steps`, `--time-limit`, `--obs-delay` and `--decision-timeout`: a match's limits (MatchSpec fields). */
export const limitFlags = {
  steps: { type: 'string', kind: 'integer', arg: 'N', defaultText: "the game's step budget", description: 'most decisions per agent' },
  'time-limit': { type: 'string', kind: 'number', arg: 'S', defaultText: "the game's (or variant's)", description: 'episode limit in seconds of game time' },
  'obs-delay': { type: 'string', kind: 'number', arg: 'MS', defaultText: '2000, under every clock', description: 'game time run after each chunk before the next observation' },
  'decision-timeout': { type: 'string', kind: 'number', arg: 'MS', defaultText: '180000', description: 'wall-clock deadline for one decision' },
} as const satisfies FlagTable;
