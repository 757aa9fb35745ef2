/**
 * The record loses nothing. A stalled disk (a named pipe where the first decision frame goes, which blocks
 * its write until someone reads it) holds a paused match back (backpressure) and a realtime match not at
 * all; either way every decision and frame is in the record once the disk comes back, and a paused match's
 * result is the one it plays unstalled. A disk that stays stalled past the bound ends the match with
 * RECORD_STALLED and run.json names the decisions not written.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { scriptedPolicies } from '../games/index.js';
import { RecordQueue, recordsInFlight, runMatch, type MatchSpec } from '../gateway/index.js';
import type { Agent } from '../protocol/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

const STEPS = 12;

/** The scripted last_stand player; its `end` (after the match's last advance, before the record closes) waits for `gate`. */
function player(gate?: Promise<void>): Agent {
  const agent = createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 1 });
  return { ...agent, start: (info) => agent.start(info), decide: (o, s) => agent.decide(o, s), close: () => agent.close(), end: async () => gate };
}

const spec = (runId: string, agent: Agent, more: Partial<MatchSpec> = {}): MatchSpec => ({
  game: 'last_stand',
  launch: launchInProcess,
  runsDir: runs.dir,
  runId,
  clock: 'pdq',
  seed: 3,
  stepBudget: STEPS,
  slots: [{ slot: 0, agent, latency: { kind: 'synthetic', ms: 300, jitterMs: 0, seed: 0 } }],
  ...more,
});

/** A run dir whose first decision frame is a named pipe nobody reads: writing it blocks until the disk comes back (`unstall`). */
function stalledRun(runId: string): { dir: string; unstall: () => Promise<void> } {
  const dir = join(runs.dir, runId);
  mkdirSync(join(dir, 'frames'), { recursive: true });
  const pipe = join(dir, 'frames', '0000-s0.ppm');
  execFileSync('mkfifo', [pipe]);
  return {
    dir,
    // The pipe is moved aside (the blocked write keeps it) and read, and what came through is put where it was meant to go.
    unstall: async () => {
      renameSync(pipe, join(dir, 'stalled-pipe'));
      writeFileSync(pipe, await readFile(join(dir, 'stalled-pipe')));
    },
  };
}

/** Resolves at the `n`th decision event of a match (the decision is settled; its record is next). */
function nthDecision(n: number): { onEvent: NonNullable<MatchSpec['onEvent']>; reached: Promise<void> } {
  let seen = 0;
  let reach!: () => void;
  const reached = new Promise<void>((resolve) => (reach = resolve));
  return { onEvent: (e) => e.type === 'decision' && ++seen === n && reach(), reached };
}

/** What a decision line says of play (not of wall time). */
const play = (d: Record<string, unknown>): unknown => ({ step: d['step'], observedAtMs: d['observedAtMs'], frameSeq: d['frameSeq'], frameDigest: d['frameDigest'], frame: d['frame'], chunk: d['chunk'], inputs: d['inputs'], chargedMs: d['chargedMs'] });
const lines = (path: string): string[] => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : []);
const placements = (dir: string): number => lines(join(dir, 'ledger.jsonl')).filter((l) => l.includes('"kind":"placement"')).length;

describe('the record under a stalled disk', () => {
  for (const clock of ['pdq', 'lcrt'] as const) {
    it(`makes a ${clock} match wait for it and records every decision and frame, with the unstalled result`, async () => {
      const reference = await runMatch(spec(`${clock}-reference`, player(), { clock }));
      expect(reference.status).toBe('complete');
      const refRun = readRun(reference.dir);

      const { dir, unstall } = stalledRun(`${clock}-stalled`);
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      // Two frames may wait: the stalled first and the second; the third decision waits for room.
      const third = nthDecision(3);
      const running = runMatch(spec(`${clock}-stalled`, player(gate), { clock, recordQueue: { frames: 2 }, onEvent: third.onEvent }));
      await third.reached;
      expect(placements(dir)).toBe(2);
      expect(lines(join(dir, 'decisions.jsonl'))).toEqual([]);
      await unstall();
      open();
      const result = await running;

      expect(result.status).toBe('complete');
      expect(result.simMs).toBe(reference.simMs);
      expect(result.players).toEqual(reference.players);
      const run = readRun(dir);
      expect(run.decisions.map(play)).toEqual(refRun.decisions.map(play));
      expect(run.decisions.map((d) => d['frame'])).toEqual(Array.from({ length: STEPS }, (_, i) => `frames/${String(i).padStart(4, '0')}-s0.png`));
      expect(readdirSync(join(dir, 'frames')).sort()).toEqual(readdirSync(join(reference.dir, 'frames')).sort());
      const recorder = run.meta['recorder'] as { limits: { frames: number }; deepestFrames: number; waits: number; waitedMs: number; unwritten?: unknown };
      expect(recorder.limits.frames).toBe(2);
      expect(recorder.deepestFrames).toBe(2);
      expect(recorder.waits).toBeGreaterThan(0);
      expect(recorder.waitedMs).toBeGreaterThan(0);
      expect(recorder.unwritten).toBeUndefined();
      expect(lines(join(dir, 'state.jsonl'))).toEqual(lines(join(reference.dir, 'state.jsonl')));
      expect(existsSync(join(dir, 'in-flight.jsonl'))).toBe(false);
    });
  }

  it('lets a realtime match play on while the disk is stalled and has every frame once it is back', async () => {
    const { dir, unstall } = stalledRun('realtime');
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const last = nthDecision(4);
    const running = runMatch(spec('realtime', player(gate), { clock: 'realtime', stepBudget: 4, observationDelayMs: 0, timeLimitMs: 60_000, realtime: { fps: 20 }, recordQueue: { frames: 1 }, onEvent: last.onEvent }));
    await last.reached;
    // Every decision was made with the first frame's write still blocked: none waited for the record.
    expect(lines(join(dir, 'decisions.jsonl'))).toEqual([]);
    await unstall();
    open();
    const result = await running;
    expect(result.status).toBe('complete');
    const run = readRun(dir);
    expect(run.decisions.map((d) => d['step'])).toEqual([0, 1, 2, 3]);
    for (const d of run.decisions) expect(existsSync(join(dir, d['frame'] as string))).toBe(true);
    const recorder = run.meta['recorder'] as { deepestFrames: number; waits: number };
    expect(recorder.waits).toBe(0);
    expect(recorder.deepestFrames).toBeGreaterThan(1);
  });

  it('ends a match whose disk stays stalled past the bound with RECORD_STALLED and names the decisions not written', async () => {
    const { dir, unstall } = stalledRun('stuck');
    const result = await runMatch(spec('stuck', player(), { recordQueue: { frames: 2, stallMs: 300 } }));
    expect(result.status).toBe('incomplete');
    expect(result.error?.code).toBe('RECORD_STALLED');
    const run = readRun(dir);
    expect((run.meta['failure'] as { code: string; class: string }).code).toBe('RECORD_STALLED');
    expect((run.meta['failure'] as { class: string }).class).toBe('infrastructure');
    expect(run.meta['status']).toBe('incomplete');
    const unwritten = (run.meta['recorder'] as { unwritten: { slot: number; step: number; frame?: string }[] }).unwritten;
    expect(unwritten.map((u) => u.step)).toEqual([0, 1]);
    expect(unwritten[0]!.frame).toBe('frames/0000-s0.png');
    // The journal says the same to an inspection of the run.
    expect(recordsInFlight(dir).map((j) => j.step)).toEqual([0, 1]);
    await unstall();
  });
});

describe('RecordQueue', () => {
  it('runs its jobs in order, keeps the first failed write and goes on with the rest', async () => {
    const queue = new RecordQueue({ frames: 1, lines: 8 });
    const done: number[] = [];
    queue.push({ step: 0 }, true, async () => {
      done.push(0);
    });
    queue.push({ step: 1 }, false, async () => {
      throw new Error('disk full');
    });
    queue.runSync({}, () => done.push(2));
    await queue.drain();
    expect(done).toEqual([0, 2]);
    expect(queue.report()).toMatchObject({ deepest: 3, deepestFrames: 1, waits: 0, writeError: 'disk full' });
  });

  it('makes a waiting caller wait until a frame job is written, and never a keeping one', async () => {
    const queue = new RecordQueue({ frames: 1, lines: 8 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await queue.reserve(true, 'wait');
    queue.push({ step: 0 }, true, async () => gate);
    await queue.reserve(true, 'keep');
    await queue.reserve(false, 'wait');
    let admitted = false;
    const waiting = queue.reserve(true, 'wait').then(() => (admitted = true));
    await Promise.resolve();
    expect(admitted).toBe(false);
    release();
    await waiting;
    expect(queue.report().waits).toBe(1);
  });

  it('refuses limits that could hold no frame or line', () => {
    expect(() => new RecordQueue({ lines: 0 })).toThrow(RangeError);
    expect(() => new RecordQueue({ frames: 0 })).toThrow(RangeError);
  });
});

describe('a recording match killed outright', () => {
  it('leaves a record that says which decisions and frames were in flight', async () => {
    const { dir } = stalledRun('killed');
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/recording-match.ts', runs.dir, 'killed', '3'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('close', (_code, signal) => resolve(signal)));
    // Three frames wait behind the stalled one; the fourth decision waits for room, and the match is killed there.
    await new Promise<void>((resolve) => {
      let out = '';
      child.stdout.setEncoding('utf8').on('data', (d: string) => {
        out += d;
        if (out.includes('decision 3\n')) resolve();
      });
    });
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    expect(readRun(dir).meta['status']).toBe('running');
    expect(lines(join(dir, 'decisions.jsonl'))).toEqual([]);
    expect(recordsInFlight(dir)).toEqual([0, 1, 2].map((step) => ({ slot: 0, step, frame: `frames/${String(step).padStart(4, '0')}-s0.png` })));
  });
});
