/**
 * Episode videos: the mp4 of a re-simulated run and of a live match decodes (ffprobe) with the expected
 * frame count, duration and size; the panel's decision text changes at decision boundaries and holds between
 * them (sampled frames); PvP shows both views; a run that does not replay gets no video.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IdleAgent, createAgent, createVlmAgent } from '../agents/index.js';
import { scriptedPolicies } from '../games/index.js';
import { getGame } from '../games-manifest/index.js';
import { readRunRecord, resimulate, runMatch, type MatchSlot } from '../gateway/index.js';
import { LiveVideo, PANEL_WIDTH, videoFromRun } from '../video/index.js';
import { serveRemoteInput } from '../game-host/index.js';
import { SimulationBackend, createCanvas, drawText, lastStandGame } from '../games/index.js';
import { FALLBACK_CHAR, PANEL_GLYPHS } from '../video/panel-glyphs.js';
import type { GameEntry } from '../games-manifest/index.js';
import { runArena } from './support/arena-process.js';
import { launchInProcess } from './support/in-process-game.js';
import { useRunsAndProvider } from './support/runs-and-provider.js';

const env = useRunsAndProvider();
/** Frames a reader sees, kept as test artifacts (git-ignored; docs/serve.md). */
const ARTIFACTS = join('test-artifacts', 'screenshots');

interface Probe {
  width: number;
  height: number;
  frames: number;
  duration: number;
  codec: string;
  pixFmt: string;
}
function probe(path: string): Probe {
  const out = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=width,height,nb_read_frames,duration,codec_name,pix_fmt', '-of', 'json', path], { encoding: 'utf8' })) as { streams: Record<string, string | number>[] };
  const s = out.streams[0]!;
  return { width: Number(s.width), height: Number(s.height), frames: Number(s.nb_read_frames), duration: Number(s.duration), codec: String(s.codec_name), pixFmt: String(s.pix_fmt) };
}

/** Every frame of the video as raw RGB. */
function decode(path: string, width: number, height: number): Uint8Array[] {
  const raw = spawnSync('ffmpeg', ['-v', 'error', '-i', path, '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], { maxBuffer: 1 << 30 }).stdout;
  const size = width * height * 3;
  return Array.from({ length: raw.length / size }, (_, i) => new Uint8Array(raw.buffer, raw.byteOffset + i * size, size));
}

/** Mean absolute difference of two frames inside a rectangle. */
function diff(a: Uint8Array, b: Uint8Array, width: number, box: { x0: number; x1: number; y0: number; y1: number }): number {
  let sum = 0;
  let n = 0;
  for (let y = box.y0; y < box.y1; y++) {
    for (let x = box.x0 * 3; x < box.x1 * 3; x++) {
      const i = y * width * 3 + x;
      sum += Math.abs(a[i]! - b[i]!);
      n++;
    }
  }
  return sum / n;
}

const expectedFrames = (simMs: number, fps: number): number => Math.floor((simMs * fps) / 1000 + 1e-9) + 1;

describe('arena video (re-simulation)', () => {
  it('writes an H.264 mp4 with every frame between decisions and a panel that changes at decision boundaries', async () => {
    const key = 'W';
    const answers = [0, 1, 2, 3].map((i) => ({ text: `Plan ${i}: ${'hold on and walk forward '.repeat(i + 1)}<|action_start|>0 0 0 ; ${key} ; ${key} <|action_end|>`, reasoning: `reason ${i}` }));
    env.provider.script(...answers);
    const agent = createVlmAgent({ baseUrl: env.provider.url, model: 'fake-vlm', maxSide: 320 });
    const result = await runMatch({ game: 'last_stand', runsDir: env.runs.dir, clock: 'lcrt', stepBudget: 4, observationDelayMs: 500, launch: launchInProcess, slots: [{ slot: 0, agent, label: 'vlm', latency: { kind: 'synthetic', ms: 700, jitterMs: 0, seed: 0 } }] });
    expect(result.status, result.error?.message).toBe('complete');
    const fps = 10;
    const video = await videoFromRun(result.dir, { fps, launch: launchInProcess });
    const p = probe(video.path);
    const frame = getGame('last_stand').frame;
    expect(p).toMatchObject({ codec: 'h264', pixFmt: 'yuv420p', width: frame.width + PANEL_WIDTH, height: frame.height });
    expect(p.frames).toBe(expectedFrames(result.simMs, fps));
    expect(p.duration).toBeCloseTo(p.frames / fps, 1);

    const frames = decode(video.path, p.width, p.height);
    expect(frames).toHaveLength(p.frames);
    const upper = { x0: frame.width, x1: p.width, y0: 0, y1: Math.floor(p.height / 2) };
    const { decisions } = readRunRecord(result.dir);
    for (const [i, d] of decisions.entries()) {
      const k = Math.ceil((d.observedAtMs * fps) / 1000 - 1e-9);
      if (k > 0) expect(diff(frames[k - 1]!, frames[k]!, p.width, upper), `decision ${i} boundary`).toBeGreaterThan(3);
      const next = decisions[i + 1]?.observedAtMs ?? Infinity;
      if (((k + 2) * 1000) / fps < next && frames[k + 2]) expect(diff(frames[k]!, frames[k + 2]!, p.width, upper), `inside decision ${i}`).toBeLessThan(1);
    }
    // Between decisions the game view moves (frames rendered during the chunk), not just at decisions.
    const k0 = Math.ceil((decisions[1]!.observedAtMs * fps) / 1000);
    const view = { x0: 0, x1: frame.width, y0: 8, y1: frame.height };
    const moving = [1, 2, 3, 4, 5].filter((j) => diff(frames[k0 + j]!, frames[k0 + j + 1]!, p.width, view) > 0.05);
    expect(moving.length).toBeGreaterThan(0);
  });

  it('shows both players in PvP and works from the CLI without the panel', async () => {
    const slots: MatchSlot[] = [0, 1].map((slot) => ({ slot, agent: createAgent(slot === 0 ? 'scripted' : 'random', { scripted: scriptedPolicies, game: 'sky_duel', seed: 2 }) }));
    const result = await runMatch({ game: 'sky_duel', runsDir: env.runs.dir, clock: 'pdq', stepBudget: 2, observationDelayMs: 200, launch: launchInProcess, slots });
    const r = await runArena(['video', result.dir, '--fps', '5', '--no-panel', '--json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { path: string; frames: number };
    const p = probe(out.path);
    const frame = getGame('sky_duel').frame;
    expect(p).toMatchObject({ width: 2 * frame.width, height: frame.height, frames: expectedFrames(result.simMs, 5) });
    expect(out.frames).toBe(p.frames);
    const panel = await runArena(['video', result.dir, '--fps', '5', '--out', join(env.runs.dir, 'pvp.mp4')]);
    expect(panel.code, panel.stderr).toBe(0);
    expect(probe(join(env.runs.dir, 'pvp.mp4')).width).toBe(2 * frame.width + PANEL_WIDTH);
  });

  it('shows the answer and the reasoning as written in the panel, read back glyph by glyph from the decoded video', async () => {
    // Lower case, the action markers, ';' (once drawn as ','), and characters no glyph has (drawn as the fallback).
    const answer = 'ok \u00e9 <|action_start|>0 0 0 ; W ; W <|action_end|>';
    env.provider.script(...[0, 1].map(() => ({ text: answer, reasoning: 'why: {walk} [fast] `now` & "so" \u4e2d' })));
    const agent = createVlmAgent({ baseUrl: env.provider.url, model: 'fake-vlm', maxSide: 320 });
    const result = await runMatch({ game: 'last_stand', runsDir: env.runs.dir, clock: 'pdq', stepBudget: 2, observationDelayMs: 300, launch: launchInProcess, slots: [{ slot: 0, agent, label: 'vlm' }] });
    expect(result.status, result.error?.message).toBe('complete');
    const video = await videoFromRun(result.dir, { fps: 5, launch: launchInProcess });
    const p = probe(video.path);
    const last = decode(video.path, p.width, p.height).at(-1)!;
    mkdirSync(ARTIFACTS, { recursive: true });
    await sharp(Buffer.from(last), { raw: { width: p.width, height: p.height, channels: 3 } }).png().toFile(join(ARTIFACTS, 'video-panel-text.png'));
    // Every glyph the panel has (printable ASCII and the fallback), as 5x7 bits.
    const chars = [...Array.from({ length: 0x7f - 0x20 }, (_, i) => String.fromCharCode(0x20 + i)), FALLBACK_CHAR];
    const glyphs = chars.map((ch) => {
      const c = createCanvas(6, 7);
      drawText(c, ch, 0, 0, { color: [255, 255, 255], glyphs: PANEL_GLYPHS });
      return { ch, bits: Array.from({ length: 35 }, (_, i) => c.rgb[((Math.floor(i / 5) * 6 + (i % 5)) * 3)]! > 0) };
    });
    // Ink is what is clearly brighter than the panel's background (luma; chroma is subsampled by yuv420p).
    const ink = (x: number, y: number): boolean => {
      const i = (y * p.width + x) * 3;
      return 0.299 * last[i]! + 0.587 * last[i + 1]! + 0.114 * last[i + 2]! > 90;
    };
    const readCell = (x: number, y: number): string => {
      let best = { ch: '', d: Infinity };
      for (const g of glyphs) {
        let d = 0;
        for (let i = 0; i < 35 && d < best.d; i++) if (ink(x + (i % 5), y + Math.floor(i / 5)) !== g.bits[i]) d++;
        if (d < best.d) best = { ch: g.ch, d };
      }
      return best.d <= 4 ? best.ch : '\0';
    };
    const readLine = (x: number, y: number): string => Array.from({ length: Math.floor((p.width - x) / 6) }, (_, k) => readCell(x + k * 6, y)).join('').trimEnd();
    // Find each line by its first word, anywhere in the panel's text area.
    const find = (word: string): string | undefined => {
      const x0 = getGame('last_stand').frame.width;
      for (let y = 0; y < p.height / 2; y++) for (let x = x0; x < x0 + 16; x++) if ([...word].every((ch, k) => readCell(x + k * 6, y) === ch)) return readLine(x, y);
      return undefined;
    };
    expect(find('SAYS:')).toBe(`SAYS: ok ${FALLBACK_CHAR} <|action_start|>0 0 0 ; W ; W <|action_end|>`);
    expect(find('THINKS:')).toBe(`THINKS: why: {walk} [fast] \`now\` & "so" ${FALLBACK_CHAR}`);
  }, 90_000);

  it('uses a scripted agent\'s panel for its clock timeline and progress, as the decoded frames show', async () => {
    const agent = createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 3 });
    const result = await runMatch({ game: 'last_stand', runsDir: env.runs.dir, clock: 'lcrt', stepBudget: 8, observationDelayMs: 300, launch: launchInProcess, slots: [{ slot: 0, agent, label: 'scripted', latency: { kind: 'synthetic', ms: 600, jitterMs: 0, seed: 0 } }] });
    expect(result.status, result.error?.message).toBe('complete');
    const fps = 10;
    const video = await videoFromRun(result.dir, { fps, launch: launchInProcess });
    const p = probe(video.path);
    const frames = decode(video.path, p.width, p.height);
    const x0 = getGame('last_stand').frame.width;
    const last = frames[frames.length - 1]!;
    // Keep what a reader sees as an artifact: the last frame of the video.
    mkdirSync(ARTIFACTS, { recursive: true });
    await sharp(Buffer.from(last), { raw: { width: p.width, height: p.height, channels: 3 } }).png().toFile(join(ARTIFACTS, 'video-panel-scripted.png'));
    const px = (f: Uint8Array, x: number, y: number): [number, number, number] => [f[(y * p.width + x) * 3]!, f[(y * p.width + x) * 3 + 1]!, f[(y * p.width + x) * 3 + 2]!];
    const near = (a: readonly number[], b: readonly number[], tol: number): boolean => a.every((v, i) => Math.abs(v - b[i]!) <= tol);
    // Most of the panel's rows carry something: no more than a third of them are plain background.
    let blank = 0;
    for (let y = 0; y < p.height; y++) {
      let plain = true;
      for (let x = x0 + 2; x < p.width - 2 && plain; x++) plain = near(px(last, x, y), [18, 20, 26], 12);
      if (plain) blank++;
    }
    expect(blank / p.height).toBeLessThan(1 / 3);
    // The clock timeline: rows of the panel that are mostly the charged-thinking red and the acting green, across the whole episode.
    const share = (f: Uint8Array, y: number, rgb: readonly number[]): number => {
      let n = 0;
      for (let x = x0; x < p.width; x++) if (near(px(f, x, y), rgb, 40)) n++;
      return n / (p.width - x0);
    };
    const stripRows = Array.from({ length: p.height }, (_, y) => y).filter((y) => share(last, y, [214, 72, 60]) > 0.2 && share(last, y, [60, 180, 90]) > 0.05);
    expect(stripRows.length).toBeGreaterThanOrEqual(6);
    // It grows with game time: halfway through, the strip holds less colour than at the end.
    const y = stripRows[Math.floor(stripRows.length / 2)]!;
    const mid = frames[Math.floor(frames.length / 2)]!;
    expect(share(mid, y, [214, 72, 60]) + share(mid, y, [60, 180, 90])).toBeLessThan(share(last, y, [214, 72, 60]) + share(last, y, [60, 180, 90]) - 0.1);
    // The progress line (light blue) is drawn below it.
    const blue = Array.from({ length: p.height - y }, (_, i) => y + i).filter((row) => share(last, row, [90, 170, 255]) > 0.02);
    expect(blue.length).toBeGreaterThan(0);
  }, 90_000);

  it('refuses a run that does not replay, and a bad --fps', async () => {
    const result = await runMatch({ game: 'last_stand', runsDir: env.runs.dir, clock: 'pdq', stepBudget: 3, launch: launchInProcess, slots: [{ slot: 0, agent: createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 1 }) }] });
    const bad = await runArena(['video', result.dir, '--fps', '0']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/BAD_CONFIG: --fps/);
    const path = join(result.dir, 'decisions.jsonl');
    const lines = readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    lines[2]!.frameDigest = 'rgb:0x0:0';
    writeFileSync(path, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n`);
    const r = await runArena(['video', result.dir]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/REPLAY_MISMATCH: .*step 2/);
    const replay = await runArena(['replay', result.dir, '--verify']);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toMatch(/REPLAY_MISMATCH: .*first difference at step 2 of slot 0/);
  });
});

describe('arena match --video', () => {
  it('records the video as the match goes, from the frames the gateway saw', async () => {
    const r = await runArena(['match', '--steps', '3', '--clock', 'lcrt', '--latency', 'synthetic:400', '--runs-dir', env.runs.dir, '--quiet', '--json', '--video', '--video-fps', '8']);
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as { dir: string; simMs: number };
    const p = probe(join(result.dir, 'episode.mp4'));
    const frame = getGame('last_stand').frame;
    expect(p).toMatchObject({ codec: 'h264', width: frame.width + PANEL_WIDTH, height: frame.height, frames: expectedFrames(result.simMs, 8) });
    const replay = await runArena(['replay', result.dir, '--verify']);
    expect(replay.code, replay.stderr).toBe(0);
    expect(replay.stdout).toMatch(/replays bit for bit: 3 decision frames/);
  });
});

describe('a live video of a RemoteInput build (the UE5 protocol)', () => {
  it('is made from the frames the gateway saw, and the run cannot be re-simulated', async () => {
    const server = await serveRemoteInput(new SimulationBackend(lastStandGame), { port: 0, seed: 2, variant: 'origin' });
    try {
      const entry: GameEntry = { ...getGame('last_stand'), launch: { kind: 'remote-input', host: '127.0.0.1', basePort: server.ports[0]!, progress: { field: 'survival_time', max: 120 }, timeScale: 4 } };
      const video = new LiveVideo(entry, { fps: 4, slots: [{ slot: 0, label: 'idle' }] });
      const result = await runMatch({ game: 'last_stand', entry, runsDir: env.runs.dir, clock: 'pdq', observationDelayMs: 500, stepBudget: 3, slots: [{ slot: 0, agent: new IdleAgent() }], observer: { onFrame: (f) => video.onFrame(f) }, onEvent: (e) => video.onEvent(e) });
      expect(result.status, result.error?.message).toBe('complete');
      const path = await video.finish(result.simMs);
      const p = probe(path!);
      expect(p).toMatchObject({ codec: 'h264', width: entry.frame.width + PANEL_WIDTH, height: entry.frame.height, frames: expectedFrames(result.simMs, 4) });
      await expect(resimulate(result.dir, { entry })).rejects.toMatchObject({ code: 'BAD_CONFIG' });
    } finally {
      await server.close();
    }
  });
});
