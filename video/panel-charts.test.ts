import { describe, expect, it } from 'vitest';
import { createCanvas } from '../games/index.js';
import { EpisodeTimeline } from './episode-timeline.js';
import { drawCharts } from './panel-charts.js';

const W = 200;
const H = 120;
/** The rows where the chart's line colour (90, 170, 255) is drawn at column `x`. */
function lineRows(rgb: Uint8Array, x: number): number[] {
  const rows: number[] = [];
  for (let y = 0; y < H; y++) {
    const i = (y * W + x) * 3;
    if (rgb[i] === 90 && rgb[i + 1] === 170 && rgb[i + 2] === 255) rows.push(y);
  }
  return rows;
}

/** A run whose progress is clamped at 1 from 1 s on, while its raw benchmark score goes 2 then 8. */
function timeline(benchmark: boolean): EpisodeTimeline {
  const progress = [
    { simMs: 1000, players: [{ slot: 0, progress: 1, score: 2 }] },
    { simMs: 5000, players: [{ slot: 0, progress: 1, score: 8 }] },
  ];
  const t = new EpisodeTimeline([], [], 200, progress, 10_000);
  if (benchmark) t.benchmark = [{ simMs: 1000, players: [{ slot: 0, score: 2 }] }, { simMs: 5000, players: [{ slot: 0, score: 8 }] }];
  return t;
}

describe('the video panel chart', () => {
  it("charts the benchmark's raw score on its own range under the profile, and progress on 0..1 otherwise", () => {
    expect(timeline(false).scoreOf(0, 10_000).map((p) => p.value)).toEqual([1, 1]);
    expect(timeline(false).scoreRange(0)).toEqual({ lo: 0, hi: 1 });
    expect(timeline(true).scoreOf(0, 10_000).map((p) => p.value)).toEqual([2, 8]);
    expect(timeline(true).scoreRange(0)).toEqual({ lo: 0, hi: 8 });

    const rowsAt = (benchmark: boolean): { early: number; late: number } => {
      const c = createCanvas(W, H);
      drawCharts(c, 0, 0, W, H, 0, 10_000, timeline(benchmark));
      // Columns in the first report's stretch (1-5 s) and the second's (5-10 s).
      return { early: Math.min(...lineRows(c.rgb, 60)), late: Math.min(...lineRows(c.rgb, 150)) };
    };
    const progress = rowsAt(false);
    const raw = rowsAt(true);
    // Progress is flat at the top; the score of 2 sits a quarter of the way up its 0..8 range, below the 8.
    expect(progress.early).toBe(progress.late);
    expect(raw.early).toBeGreaterThan(raw.late);
    expect(raw.late).toBe(progress.late);
  });
});
