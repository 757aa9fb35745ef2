import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EpisodeTimeline } from './episode-timeline.js';
import { readLiveTimeline } from './live-video.js';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A running last_stand run's directory under `profile`: its progress clamped at 1 from 1 s on while its raw score goes 2, then 8. */
function runningRun(profile: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'arena-live-video-'));
  dirs.push(dir);
  const agents = [{ slot: 0, kind: 'random', label: 'random', latency: 'none' }];
  const conditions = { clock: 'pdq', observationDelayMs: 2000, stepBudget: 300, timeLimitMs: 60_000, decisionTimeoutMs: 180_000, frame: { width: 320, height: 180, encoding: 'rgb', recordedEncoding: 'jpeg', jpegQuality: 85 }, feedback: true, profile, gateway: { version: '0', commit: 'test' }, agents: agents.map((a) => ({ ...a, latencyMeaning: 'none', frameEncoding: 'rgb', privileged: false })) };
  writeFileSync(join(dir, 'run.json'), JSON.stringify({ runId: 'live', game: 'last_stand', variant: 'origin', seed: 1, clock: 'pdq', status: 'running', profile, agents, conditions }));
  const progress = [
    { simMs: 1000, players: [{ slot: 0, progress: 1, score: 2 }] },
    { simMs: 5000, players: [{ slot: 0, progress: 1, score: 8 }] },
  ];
  writeFileSync(join(dir, 'progress.jsonl'), progress.map((l) => `${JSON.stringify(l)}\n`).join(''));
  return dir;
}

describe('a video recorded live', () => {
  it("charts the benchmark's raw score of a run under the omnigamearena profile, as arena video does, and our progress otherwise", () => {
    const chart = (profile: string): { values: number[]; range: { lo: number; hi: number } } => {
      const timeline = new EpisodeTimeline([], [], 120);
      readLiveTimeline(runningRun(profile), timeline);
      return { values: timeline.scoreOf(0, Infinity).map((p) => p.value), range: timeline.scoreRange(0) };
    };
    expect(chart('omnigamearena')).toEqual({ values: [2, 8], range: { lo: 0, hi: 8 } });
    expect(chart('default')).toEqual({ values: [1, 1], range: { lo: 0, hi: 1 } });
  });
});
