/**
 * Records benchmark: a last_stand pdq match with the scripted agent (game in its own process, as `arena
 * match` runs it), then its re-simulation (`arena replay --verify`) and its video at 10 fps of game time
 * with and without the panel (`arena video`), each as wall time per second of game time and as a ratio
 * against the match in the same run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAgent } from '../../agents/index.js';
import { scriptedPolicies } from '../../games/index.js';
import { resimulate, runMatch } from '../../gateway/index.js';
import { videoFromRun } from '../../video/index.js';

export interface RecordsBench {
  readonly simSeconds: number;
  /** Median wall ms per second of game time. */
  readonly matchMsPerGameS: number;
  readonly resimMsPerGameS: number;
  /** Re-simulation that also renders every view at the video's rate, without encoding: the video's game-side share. */
  readonly resimFramesMsPerGameS: number;
  readonly videoPanelMsPerGameS: number;
  readonly videoPlainMsPerGameS: number;
  readonly fps: number;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function timed(body: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await body();
  return performance.now() - t0;
}

/** Measures `repeats` rounds of match, re-simulation and both videos of `steps` decisions. */
export async function benchRecords(steps: number, repeats: number, fps = 10): Promise<RecordsBench> {
  const root = mkdtempSync(join(tmpdir(), 'arena-bench-records-'));
  const m: number[] = [];
  const r: number[] = [];
  const rf: number[] = [];
  const vp: number[] = [];
  const vn: number[] = [];
  let simSeconds = 0;
  try {
    for (let i = 0; i <= repeats; i++) {
      let dir = '';
      const match = await timed(async () => {
        const result = await runMatch({ game: 'last_stand', runsDir: root, clock: 'pdq', stepBudget: steps, seed: 1 + i, slots: [{ slot: 0, agent: createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 1 }) }] });
        dir = result.dir;
        simSeconds = result.simMs / 1000;
      });
      const resim = await timed(() => resimulate(dir));
      const frames = await timed(() => resimulate(dir, { frameEveryMs: 1000 / fps }));
      const panel = await timed(() => videoFromRun(dir, { fps, panel: true, out: join(dir, 'panel.mp4') }));
      const plain = await timed(() => videoFromRun(dir, { fps, panel: false, out: join(dir, 'plain.mp4') }));
      if (i === 0) continue; // warm-up
      m.push(match / simSeconds);
      r.push(resim / simSeconds);
      rf.push(frames / simSeconds);
      vp.push(panel / simSeconds);
      vn.push(plain / simSeconds);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { simSeconds, matchMsPerGameS: median(m), resimMsPerGameS: median(r), resimFramesMsPerGameS: median(rf), videoPanelMsPerGameS: median(vp), videoPlainMsPerGameS: median(vn), fps };
}
