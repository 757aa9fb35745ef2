/**
 * `arena cases video-arena`: a Video-Arena golden set from finished runs. Every run found is examined
 * (candidates.ts), candidates are drawn per game by stratum with a seed (select.ts), and each case gets its
 * video (re-simulated, views only, at most 768 px wide), task.md, case.json and, outside cases/, its reference
 * tuples; manifest.json lists every case and every run left out with the reason. The same runs and seed give
 * byte-identical manifest, case.json, task.md and references.
 */
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { videoFromRun } from '../../video/index.js';
import type { ResimOptions } from '../../gateway/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { CaseInfo, CaseReference, GoldenManifest } from './case-schema.js';
import { examineRun, isCandidate, type Candidate, type Skipped } from './candidates.js';
import { findRuns } from './run-dirs.js';
import { selectCases, stratumKey } from './select.js';
import { taskText } from './task-text.js';

/** Widest case video, px (the native protocol's frame cap). */
export const CASE_MAX_WIDTH = 768;
/** Case videos' frame rate, frames per second of game time. */
export const CASE_FPS = 10;

export interface GoldenSetOptions {
  readonly out: string;
  /** Cases per game (default 20). */
  readonly perGame?: number;
  readonly seed?: number;
  readonly fps?: number;
  /** Starts the games re-simulated (tests); default: each game's launch recipe. */
  readonly launch?: ResimOptions['launch'];
  /** Called as the build goes: a phase, work done and work to do. */
  readonly onProgress?: (phase: 'examine' | 'video', done: number, total: number, detail: string) => void;
}

export interface GoldenSet {
  readonly manifest: GoldenManifest;
  readonly out: string;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Builds a golden set into `options.out` (an empty or new folder). */
export async function buildVideoArena(runOperands: readonly string[], options: GoldenSetOptions): Promise<GoldenSet> {
  const perGame = options.perGame ?? 20;
  const seed = options.seed ?? 1;
  const fps = options.fps ?? CASE_FPS;
  if (!Number.isInteger(perGame) || perGame < 1) throw new ArenaError(ErrorCode.BAD_CONFIG, `--per-game takes a whole number of cases from 1 (got ${perGame})`);
  if (!Number.isInteger(seed) || seed < 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `--seed takes a whole number from 0 (got ${seed})`);
  const found = findRuns(runOperands);
  if (existsSync(options.out) && readdirSync(options.out).length > 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `${options.out} is not empty; a golden set is written into an empty or new folder`);
  const candidates: Candidate[] = [];
  const skipped: Skipped[] = [];
  for (const [i, run] of found.entries()) {
    options.onProgress?.('examine', i, found.length, run.dir);
    const result = await examineRun(run, fps, options.launch);
    if (isCandidate(result)) {
      if (candidates.some((c) => c.runId === result.runId)) skipped.push({ run: result.runId, reason: `a second copy of run ${result.runId} (${result.dir})` });
      else candidates.push(result);
    } else skipped.push(result);
  }
  options.onProgress?.('examine', found.length, found.length, 'done');
  const { selected, left } = selectCases(candidates, perGame, seed);
  if (selected.length === 0) throw new ArenaError(ErrorCode.BAD_CONFIG, `none of the ${found.length} runs can become a case: ${skipped.slice(0, 3).map((s) => `${s.run}: ${s.reason}`).join('; ')}`);
  for (const c of left) skipped.push({ run: c.runId, reason: `not selected: ${c.game} has its ${perGame} cases (stratum ${stratumKey(c.strata)})` });

  mkdirSync(join(options.out, 'cases'), { recursive: true });
  mkdirSync(join(options.out, 'references'), { recursive: true });
  const counters = new Map<string, number>();
  const cases: GoldenManifest['cases'] = [];
  for (const [i, c] of selected.entries()) {
    const n = (counters.get(c.game) ?? 0) + 1;
    counters.set(c.game, n);
    const id = `${c.game.replace(/_/g, '-')}-${String(n).padStart(2, '0')}`;
    const dir = join(options.out, 'cases', id);
    mkdirSync(dir, { recursive: true });
    options.onProgress?.('video', i, selected.length, id);
    const video = await videoFromRun(c.dir, { fps, panel: false, maxWidth: CASE_MAX_WIDTH, out: join(dir, 'video.mp4'), ...(options.launch ? { launch: options.launch } : {}) });
    const info = CaseInfo.parse({
      id,
      game: c.game,
      variant: c.run.variant,
      seed: c.run.seed,
      sourceRun: c.runId,
      durationS: video.frames / fps,
      videoFps: fps,
      videoWidth: video.videoWidth,
      videoHeight: video.videoHeight,
      startGameMs: 0,
      strata: c.strata,
    });
    writeFileSync(join(dir, 'case.json'), json(info));
    writeFileSync(join(dir, 'task.md'), taskText(c.adapter, c.run.variant));
    writeFileSync(join(options.out, 'references', `${id}.json`), json(CaseReference.parse({ id, tuples: c.tuples })));
    cases.push({ id, game: c.game, sourceRun: c.runId, strata: c.strata, references: c.tuples.length });
  }
  options.onProgress?.('video', selected.length, selected.length, 'done');
  // The manifest's time is the newest selected run's end, so the same runs give the same bytes.
  const createdAt = selected.map((c) => c.run.endedAt ?? '').sort().at(-1) || 'unknown';
  const manifest = GoldenManifest.parse({ benchmark: 'video-arena', seed, perGame, createdAt, cases, skipped: skipped.sort((a, b) => a.run.localeCompare(b.run)) });
  writeFileSync(join(options.out, 'manifest.json'), json(manifest));
  return { manifest, out: options.out };
}
