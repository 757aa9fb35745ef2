/**
 * Small hand-made Video-Arena golden sets for tests: real H.264 videos from Debian ffmpeg (a test pattern with
 * the running time drawn on it), case.json, task.md and references kept outside cases/, as case-schema.ts lays out.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';
import type { CaseInfo } from '../../perception/cases/case-schema.js';
import type { PerceptionTuple } from '../../perception/index.js';

const run = promisify(execFile);

/** One case to make. */
export interface FixtureCase {
  readonly id: string;
  readonly game: string;
  readonly durationS: number;
  readonly width: number;
  readonly height: number;
  readonly fps: number;
  readonly refs: readonly PerceptionTuple[];
}

/** The task text every fixture case carries (its bytes are what both protocols must send unchanged). */
export function fixtureTask(c: FixtureCase): string {
  return `# ${c.game}: critical events\n\nList every goal with its time (s), who scored (A or B), the update (score_a+1 or score_b+1) and the score after it (like 1-0).\nUnicode stays as written: café — ✓\n`;
}

async function video(path: string, c: FixtureCase): Promise<void> {
  const font = '/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf';
  const text = `drawtext=fontfile=${font}:text='%{pts\\:hms}':fontsize=${Math.max(10, Math.round(c.height / 8))}:x=4:y=4:fontcolor=white:box=1:boxcolor=black`;
  await run('ffmpeg', ['-hide_banner', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', `testsrc=size=${c.width}x${c.height}:rate=${c.fps}:duration=${c.durationS}`, '-vf', text, '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', path]);
}

/** Writes a golden set of `cases` into `dir` (cases/, references/, manifest.json). */
export async function makeGoldenSet(dir: string, cases: readonly FixtureCase[]): Promise<void> {
  mkdirSync(join(dir, 'references'), { recursive: true });
  for (const c of cases) {
    const caseDir = join(dir, 'cases', c.id);
    mkdirSync(caseDir, { recursive: true });
    const info: CaseInfo = { id: c.id, game: c.game, variant: 'origin', seed: 1, sourceRun: `run-${c.id}`, durationS: c.durationS, videoFps: c.fps, videoWidth: c.width, videoHeight: c.height, startGameMs: 0, strata: { shape: 'tense', outcome: 'A-wins', duration: 'short' } };
    writeFileSync(join(caseDir, 'case.json'), JSON.stringify(info, null, 2));
    writeFileSync(join(caseDir, 'task.md'), fixtureTask(c));
    writeFileSync(join(dir, 'references', `${c.id}.json`), JSON.stringify({ id: c.id, tuples: c.refs }, null, 2));
    await video(join(caseDir, 'video.mp4'), c);
  }
  const manifest = {
    benchmark: 'video-arena',
    seed: 1,
    perGame: 2,
    createdAt: new Date(0).toISOString(),
    cases: cases.map((c) => ({ id: c.id, game: c.game, sourceRun: `run-${c.id}`, strata: { shape: 'tense', outcome: 'A-wins', duration: 'short' }, references: c.refs.length })),
    skipped: [],
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
}

const goal = (t: number, who: 'A' | 'B', state: string): PerceptionTuple => ({ t, event: 'goal', who, update: who === 'A' ? 'score_a+1' : 'score_b+1', state });

/** The standard fixture: a 20 s and a 300 s case of one game, a 6 s wide (1280 px) case of another. */
export const FIXTURE_CASES: readonly FixtureCase[] = [
  { id: 'duel-long', game: 'duel', durationS: 300, width: 160, height: 90, fps: 2, refs: [goal(40, 'A', '1-0'), goal(299, 'B', '1-1')] },
  { id: 'duel-short', game: 'duel', durationS: 20, width: 320, height: 180, fps: 5, refs: [goal(3, 'A', '1-0'), goal(9.5, 'A', '2-0'), goal(17, 'B', '2-1')] },
  { id: 'race-wide', game: 'race', durationS: 6, width: 1280, height: 720, fps: 5, refs: [goal(2, 'B', '0-1')] },
];

/** Makes the standard fixture set once for the calling test file (in a temp folder removed afterwards); `set()` gives its folders. */
export function useFixtureGoldenSet(prefix: string): () => { readonly root: string; readonly golden: string } {
  let dirs: { root: string; golden: string } | undefined;
  beforeAll(async () => {
    const root = mkdtempSync(join(tmpdir(), prefix));
    dirs = { root, golden: join(root, 'golden') };
    await makeGoldenSet(dirs.golden, FIXTURE_CASES);
  }, 60_000);
  afterAll(() => {
    if (dirs) rmSync(dirs.root, { recursive: true, force: true });
  });
  return () => {
    if (!dirs) throw new Error('useFixtureGoldenSet: no golden set outside a test');
    return dirs;
  };
}
