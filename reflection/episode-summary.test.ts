import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { scoredRun } from '../tests/support/scored-run.js';
import { summariseEpisode } from './episode-summary.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function summary(profile: 'default' | 'omnigamearena'): ReturnType<typeof summariseEpisode> {
  const dir = scoredRun(profile, true);
  dirs.push(dir);
  return summariseEpisode(dir, 0, [0]);
}

describe("the reflector's episode summary (read_episode)", () => {
  it("gives a run under the omnigamearena profile the benchmark's raw score and its series, as list_episodes and the curve read it", () => {
    const s = summary('omnigamearena');
    expect(s.score).toBe(8);
    expect(s.progress.map((p) => p.progress)).toEqual([2, 8]);
    expect(s.measure).toBe('benchmark score (raw, unclamped)');
  });

  it('gives a run under our profile its progress in [0, 1]', () => {
    const s = summary('default');
    expect(s.score).toBe(1);
    expect(s.progress.map((p) => p.progress)).toEqual([1, 1]);
    expect(s.measure).toBeUndefined();
  });
});
