import { describe, expect, it } from 'vitest';
import { getGame } from '../games-manifest/index.js';
import { parseCurveSettings } from './curve-settings.js';
import { reflectorSystemPrompt } from './reflector-prompt.js';

const settings = (match: Record<string, unknown>) => parseCurveSettings({ game: 'last_stand', rounds: 1, episodes: 1, reflector: { model: 'r' }, match });

describe('the reflector prompt', () => {
  it("says an episode's score is progress in [0, 1] by default", () => {
    const text = reflectorSystemPrompt({ settings: settings({}), entry: getGame('last_stand') });
    expect(text).toContain("An episode's score is its final progress in [0, 1]");
    expect(text).not.toContain('benchmark');
  });

  it("says it is the benchmark's raw score, which can leave [0, 1], under the omnigamearena profile", () => {
    const text = reflectorSystemPrompt({ settings: settings({ profile: 'omnigamearena' }), entry: getGame('last_stand') });
    expect(text).toContain("An episode's score is the benchmark's own score for the game");
    expect(text).toContain('raw and not clamped');
    expect(text).not.toContain('progress in [0, 1]');
  });
});
