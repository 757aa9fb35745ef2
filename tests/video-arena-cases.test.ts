/**
 * `arena cases video-arena` end to end: short matches of sky_duel, last_stand and midline_clash with built-in
 * agents (midline_clash recorded without a state stream, so its labels are rebuilt by re-simulation), plus
 * runs that must be left out (a board, an incomplete run, an unknown game); the golden set is built twice with
 * the same seed and compared byte for byte; videos are checked with ffprobe, references against the runs'
 * recorded events at their exact game times, and the case folders for any trace of the references. Bad
 * input (no runs, a missing folder, a desktop game's run, a folder that is not empty) is BAD_CONFIG.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { perceptionAdapters, scriptedPolicies } from '../games/index.js';
import { getGame, type GameEntry } from '../games-manifest/index.js';
import { readRunRecord, runMatch, type MatchSpec } from '../gateway/index.js';
import { buildVideoArena, CaseInfo, CaseReference, GoldenManifest } from '../perception/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { tempRunsDir } from './support/run-dir.js';
import { runArena } from './support/arena-process.js';

let tmp: ReturnType<typeof tempRunsDir>;
let runsDir: string;
const runIds: string[] = [];

async function play(game: string, seed: number, extra: Partial<MatchSpec> = {}): Promise<string> {
  const slots = getGame(game).slots.map((s, i) => ({ slot: s.slot, agent: createAgent(i === 0 || game === 'midline_clash' ? 'scripted' : 'random', { scripted: scriptedPolicies, game, seed }) }));
  const result = await runMatch({ game, runsDir, clock: 'pdq', stepBudget: 6, seed, launch: launchInProcess, slots, ...extra });
  expect(result.status, result.error?.message).toBe('complete');
  runIds.push(result.runId);
  return result.dir;
}

/** A copy of a run under another id, with run.json fields changed. */
function variantOf(dir: string, runId: string, fields: Record<string, unknown>): void {
  const to = join(runsDir, runId);
  cpSync(dir, to, { recursive: true });
  const run = JSON.parse(readFileSync(join(to, 'run.json'), 'utf8')) as Record<string, unknown>;
  writeFileSync(join(to, 'run.json'), JSON.stringify({ ...run, runId, ...fields }));
  runIds.push(runId);
}

const ffprobe = (path: string): { width: number; height: number; frames: number; duration: number; fps: string } => {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=width,height,r_frame_rate,nb_read_frames:format=duration', '-of', 'json', path], { encoding: 'utf8' })) as {
    streams: { width: number; height: number; r_frame_rate: string; nb_read_frames: string }[];
    format: { duration: string };
  };
  const s = out.streams[0]!;
  return { width: s.width, height: s.height, frames: Number(s.nb_read_frames), duration: Number(out.format.duration), fps: s.r_frame_rate };
};

const withoutStream = (entry: GameEntry): ReturnType<typeof launchInProcess> => launchInProcess(entry);
const FPS = 5;

beforeAll(async () => {
  tmp = tempRunsDir();
  runsDir = join(tmp.dir, 'runs');
  mkdirSync(runsDir);
  for (const seed of [1, 2, 3]) await play('sky_duel', seed);
  const stand = await play('last_stand', 1);
  await play('last_stand', 2);
  await play('midline_clash', 1, { launch: withoutStream });
  await play('tic_tac_toe', 1, { slots: [{ slot: 0, agent: createAgent('random', { game: 'tic_tac_toe', seed: 1 }) }] });
  variantOf(stand, 'x-incomplete', { status: 'incomplete', failure: { code: 'GAME_CRASHED', message: 'gone', class: 'infrastructure' } });
  variantOf(stand, 'x-unknown', { game: 'no_such_game' });
}, 180_000);
afterAll(() => tmp.cleanup());

describe('a golden set from short matches', () => {
  let out: string;
  let manifest: GoldenManifest;

  beforeAll(async () => {
    out = join(tmp.dir, 'golden-a');
    manifest = (await buildVideoArena([runsDir], { out, perGame: 2, seed: 5, fps: FPS, launch: launchInProcess })).manifest;
  }, 240_000);

  it('lists every run seen: the cases, and each run left out with its reason', () => {
    expect(manifest.cases.map((c) => c.game)).toEqual(['last_stand', 'last_stand', 'midline_clash', 'sky_duel', 'sky_duel']);
    expect([...manifest.cases.map((c) => c.sourceRun), ...manifest.skipped.map((s) => s.run)].sort()).toEqual([...runIds].sort());
    const reason = (id: string): string => manifest.skipped.find((s) => s.run === id)?.reason ?? '';
    expect(reason(runIds.find((r) => r.includes('tic_tac_toe'))!)).toContain('turn-based board');
    expect(reason('x-incomplete')).toContain('incomplete episode (incomplete: GAME_CRASHED)');
    expect(reason('x-unknown')).toContain("unknown game 'no_such_game'");
    expect(manifest.skipped.filter((s) => s.reason.startsWith('not selected: sky_duel has its 2 cases'))).toHaveLength(1);
    expect(GoldenManifest.parse(JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')))).toEqual(manifest);
  });

  it('gives each case a video of the whole episode, at most 768 px wide, at the declared rate', () => {
    for (const c of manifest.cases) {
      const info = CaseInfo.parse(JSON.parse(readFileSync(join(out, 'cases', c.id, 'case.json'), 'utf8')));
      const run = readRunRecord(join(runsDir, c.sourceRun)).run;
      const probe = ffprobe(join(out, 'cases', c.id, 'video.mp4'));
      expect(probe.width).toBe(info.videoWidth);
      expect(probe.height).toBe(info.videoHeight);
      expect(probe.width).toBeLessThanOrEqual(768);
      expect(probe.fps).toBe(`${FPS}/1`);
      expect(probe.frames).toBe(Math.floor((run.result!.simMs * FPS) / 1000) + 1);
      expect(probe.frames / FPS).toBeCloseTo(info.durationS, 6);
      expect(Math.abs(probe.duration - info.durationS)).toBeLessThan(1 / FPS + 1e-6);
      expect(info.strata).toEqual(c.strata);
    }
  });

  it('labels every critical event of the run at its exact game time', () => {
    for (const c of manifest.cases) {
      const ref = CaseReference.parse(JSON.parse(readFileSync(join(out, 'references', `${c.id}.json`), 'utf8')));
      const adapter = perceptionAdapters.get(c.game)!;
      const vocabulary = new Set(adapter.events.map((e) => e.name));
      const recorded = readRunRecord(join(runsDir, c.sourceRun)).events.filter((e) => e.type === 'event' && vocabulary.has(e.name!));
      expect(ref.tuples.length, c.id).toBe(c.references);
      expect(ref.tuples.map((t) => [Math.round(t.t * 1000), t.event])).toEqual(recorded.map((e) => [e.simMs, e.name]));
      for (const [i, t] of ref.tuples.entries()) {
        const slot = recorded[i]!.slot;
        if (slot !== undefined && adapter.who === undefined) expect(t.who).toBe(adapter.players.labels[slot]);
        expect(t.update).not.toBeNull();
        expect(t.state).not.toBeNull();
      }
    }
  });

  it('keeps the references out of the case folders', () => {
    for (const c of manifest.cases) {
      const dir = join(out, 'cases', c.id);
      expect(readdirSync(dir).sort()).toEqual(['case.json', 'task.md', 'video.mp4']);
      const text = readFileSync(join(dir, 'task.md'), 'utf8') + readFileSync(join(dir, 'case.json'), 'utf8');
      const ref = CaseReference.parse(JSON.parse(readFileSync(join(out, 'references', `${c.id}.json`), 'utf8')));
      for (const t of ref.tuples) {
        if (t.update !== 'none') expect(text, `${c.id} ${t.update}`).not.toContain(t.update!);
        expect(text, `${c.id} ${t.state}`).not.toContain(`"${t.state}"`);
        expect(text).not.toContain(`"t": ${t.t}`);
      }
      expect(text).not.toContain('"tuples"');
    }
  });

  it('builds the same manifest, references, case.json and task.md from the same runs and seed', async () => {
    const again = join(tmp.dir, 'golden-b');
    await buildVideoArena([runsDir], { out: again, perGame: 2, seed: 5, fps: FPS, launch: launchInProcess });
    const files = (root: string): string[] => ['manifest.json', ...readdirSync(join(root, 'references')).map((f) => join('references', f)), ...manifest.cases.flatMap((c) => ['case.json', 'task.md'].map((f) => join('cases', c.id, f)))];
    expect(files(again)).toEqual(files(out));
    for (const f of files(out)) expect(readFileSync(join(again, f)).equals(readFileSync(join(out, f))), f).toBe(true);
  }, 240_000);
});

describe('arena cases refuses bad input with BAD_CONFIG', () => {
  it('no benchmark, no runs, a missing folder, a folder without runs, a folder that is not empty', async () => {
    const empty = join(tmp.dir, 'empty');
    mkdirSync(empty, { recursive: true });
    const cases: [string[], string][] = [
      [['cases', runsDir, '--out', join(tmp.dir, 'o1')], 'takes a benchmark first'],
      [['cases', 'video-arena', '--out', join(tmp.dir, 'o2')], 'needs runs'],
      [['cases', 'video-arena', runsDir], 'needs --out'],
      [['cases', 'video-arena', join(tmp.dir, 'nope'), '--out', join(tmp.dir, 'o3')], 'does not exist'],
      [['cases', 'video-arena', empty, '--out', join(tmp.dir, 'o4')], 'holds no run'],
      [['cases', 'video-arena', runsDir, '--out', runsDir], 'is not empty'],
    ];
    for (const [args, message] of cases) {
      const r = await runArena(args);
      expect(r.code, `${args.join(' ')}: ${r.stderr}`).toBe(2);
      expect(r.stderr).toContain('BAD_CONFIG');
      expect(r.stderr).toContain(message);
    }
  });

  it('a named run of a desktop game: it has no privileged stream', async () => {
    const doom = join(tmp.dir, 'doom-run');
    mkdirSync(doom, { recursive: true });
    writeFileSync(join(doom, 'run.json'), JSON.stringify({ runId: 'doom-1', game: 'freedoom', variant: 'e1m1', seed: 1, clock: 'realtime', status: 'complete', agents: [] }));
    const r = await runArena(['cases', 'video-arena', doom, '--out', join(tmp.dir, 'o5')]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(/BAD_CONFIG: .*freedoom, a desktop game: it has no privileged state stream/);
  });
});
