import { describe, expect, it } from 'vitest';
import { getGame, runnerEntry, RUNNER_GAMES } from '../../games-manifest/index.js';
import { DEFAULT_RULES, runnerRules } from './profile-rules.js';

describe('the profiles’ releases of everything held', () => {
  const entry = runnerEntry(getGame('last_stand'), RUNNER_GAMES.last_stand!);
  const keys = (events: ReturnType<typeof DEFAULT_RULES.release>): string[] => events.flatMap((e) => (e.type === 'key' ? [e.key] : []));

  it('name keys as the runner does under its profile, so a link reading UE key names lets go of what it pressed', () => {
    expect(keys(runnerRules(RUNNER_GAMES.last_stand!, 5).release(entry.controls, 0))).toEqual(['W', 'A', 'S', 'D', 'SpaceBar']);
  });

  it('name keys by our controls under ours', () => {
    expect(keys(DEFAULT_RULES.release(entry.controls, 0))).toEqual(['W', 'A', 'S', 'D', 'Space']);
  });
});
