import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { scoredRun } from '../tests/support/scored-run.js';
import { EpisodeTimeline } from './episode-timeline.js';
import { readLiveTimeline } from './live-video.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('a video recorded live', () => {
  it("charts the benchmark's raw score of a run under the omnigamearena profile, as arena video does, and our progress otherwise", () => {
    const chart = (profile: 'default' | 'omnigamearena'): { values: number[]; range: { lo: number; hi: number } } => {
      const timeline = new EpisodeTimeline([], [], 120);
      const dir = scoredRun(profile);
      dirs.push(dir);
      readLiveTimeline(dir, timeline);
      return { values: timeline.scoreOf(0, Infinity).map((p) => p.value), range: timeline.scoreRange(0) };
    };
    expect(chart('omnigamearena')).toEqual({ values: [2, 8], range: { lo: 0, hi: 8 } });
    expect(chart('default')).toEqual({ values: [1, 1], range: { lo: 0, hi: 1 } });
  });
});
