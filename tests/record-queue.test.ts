/**
 * The recorder's bounded queue through a real match: a stalled disk (a named pipe where the first decision
 * frame goes, which blocks its write until someone reads it) holds the record back, never the match. The
 * match plays to its end while the pipe is stalled, exactly as it plays with nothing stalled; the frames past
 * the queue's bound are dropped and each record and run.json say so; every decision and state line is
 * written in order once the disk comes back. A queue too small for the lines drops lines and says so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { scriptedPolicies } from '../games/index.js';
import { RecordQueue, runMatch, type MatchSpec } from '../gateway/index.js';
import type { Agent } from '../protocol/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { readRun, tempRunsDir } from './support/run-dir.js';

let runs: ReturnType<typeof tempRunsDir>;
beforeEach(() => {
  runs = tempRunsDir();
});
afterEach(() => runs.cleanup());

const STEPS = 12;

/** The scripted last_stand player, telling `ended` when the match's loop is over (its `end` comes after the last advance). */
function player(ended?: () => void): Agent {
  const agent = createAgent('scripted', { scripted: scriptedPolicies, game: 'last_stand', seed: 1 });
  return { ...agent, start: (info) => agent.start(info), decide: (o, s) => agent.decide(o, s), close: () => agent.close(), end: async () => ended?.() };
}

const spec = (runId: string, agent: Agent, recordQueue?: MatchSpec['recordQueue']): MatchSpec => ({
  game: 'last_stand',
  launch: launchInProcess,
  runsDir: runs.dir,
  runId,
  clock: 'pdq',
  seed: 3,
  stepBudget: STEPS,
  slots: [{ slot: 0, agent }],
  ...(recordQueue ? { recordQueue } : {}),
});

/** A run dir whose first decision frame is a named pipe nobody reads: writing it blocks until the test reads it. */
function stalledRun(runId: string): string {
  const frames = join(runs.dir, runId, 'frames');
  mkdirSync(frames, { recursive: true });
  execFileSync('mkfifo', [join(frames, '0000-s0.jpg')]);
  return join(runs.dir, runId);
}

/** What a decision line says of play (not of wall time or of its frame file). */
const play = (d: Record<string, unknown>): unknown => ({ step: d['step'], observedAtMs: d['observedAtMs'], frameSeq: d['frameSeq'], frameDigest: d['frameDigest'], chunk: d['chunk'], inputs: d['inputs'], chargedMs: d['chargedMs'] });
const lines = (path: string): string[] => (existsSync(path) ? readFileSync(path, 'utf8').split('\n').filter(Boolean) : []);

describe('the recorder off the decision path', () => {
  it('plays to the end while the disk is stalled, drops the frames past its bound, and writes every line in order once the disk is back', async () => {
    const reference = await runMatch(spec('reference', player()));
    expect(reference.status).toBe('complete');
    const refRun = readRun(reference.dir);
    expect(refRun.meta['recorder']).toBeUndefined();
    expect(refRun.decisions.every((d) => typeof d['frame'] === 'string' && d['frameDropped'] === undefined)).toBe(true);

    const dir = stalledRun('stalled');
    let loopDone!: () => void;
    const ended = new Promise<void>((resolve) => (loopDone = resolve));
    const running = runMatch(spec('stalled', player(loopDone), { frames: 2 }));
    await ended;
    // The match has played all its decisions and advances while not one decision line could be written.
    expect(lines(join(dir, 'ledger.jsonl')).filter((l) => l.includes('"kind":"placement"'))).toHaveLength(STEPS);
    expect(lines(join(dir, 'decisions.jsonl'))).toEqual([]);
    // The disk comes back: the pipe is moved aside (the blocked write keeps it) and read.
    renameSync(join(dir, 'frames', '0000-s0.jpg'), join(dir, 'stalled-pipe'));
    const first = await readFile(join(dir, 'stalled-pipe'));
    const result = await running;

    expect(first.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    expect(result.status).toBe('complete');
    expect(result.simMs).toBe(reference.simMs);
    expect(result.players).toEqual(reference.players);
    const run = readRun(dir);
    // Every decision recorded, in order, as played without a stall; the two frames the bound held were written.
    expect(run.decisions.map(play)).toEqual(refRun.decisions.map(play));
    expect(run.decisions.map((d) => d['frame'] ?? null)).toEqual(['frames/0000-s0.jpg', 'frames/0001-s0.jpg', ...Array<null>(STEPS - 2).fill(null)]);
    expect(run.decisions.map((d) => d['frameDropped'] ?? false)).toEqual([false, false, ...Array<boolean>(STEPS - 2).fill(true)]);
    expect(readdirSync(join(dir, 'frames')).sort()).toEqual(['0001-s0.jpg']);
    expect(run.meta['recorder']).toEqual({ limits: { frames: 2, lines: 4096 }, framesDropped: STEPS - 2, linesDropped: 0, deepest: expect.any(Number) as number });
    expect((run.meta['recorder'] as { deepest: number }).deepest).toBeGreaterThanOrEqual(STEPS);
    // The state lines keep their order among the decisions' step lines.
    expect(lines(join(dir, 'state.jsonl'))).toEqual(lines(join(reference.dir, 'state.jsonl')));
    expect(lines(join(dir, 'state.jsonl')).length).toBeGreaterThan(STEPS);
  });

  it('drops whole lines past its line bound, says so, and keeps the rest in order', async () => {
    const dir = stalledRun('tight');
    let loopDone!: () => void;
    const ended = new Promise<void>((resolve) => (loopDone = resolve));
    const running = runMatch(spec('tight', player(loopDone), { frames: 1, lines: 4 }));
    await ended;
    renameSync(join(dir, 'frames', '0000-s0.jpg'), join(dir, 'stalled-pipe'));
    await readFile(join(dir, 'stalled-pipe'));
    const result = await running;
    expect(result.status).toBe('complete');
    expect(result.players[0]!.decisions).toBe(STEPS);
    const run = readRun(dir);
    const report = run.meta['recorder'] as { limits: unknown; framesDropped: number; linesDropped: number; deepest: number };
    expect(report.limits).toEqual({ frames: 1, lines: 4 });
    expect(report.deepest).toBe(4);
    expect(report.linesDropped).toBeGreaterThan(0);
    const steps = run.decisions.map((d) => d['step'] as number);
    expect(steps[0]).toBe(0);
    expect(steps.length).toBeLessThan(STEPS);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);
    // Only the first decision kept its frame; a decision line that was written without one says so.
    expect(run.decisions.slice(1).every((d) => d['frame'] === undefined && d['frameDropped'] === true)).toBe(true);
  });
});

describe('RecordQueue', () => {
  it('runs its jobs in order, keeps the first failed write and goes on with the rest', async () => {
    const queue = new RecordQueue({ frames: 1, lines: 8 });
    const done: number[] = [];
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    expect(queue.admit(true)).toBe('frame');
    queue.push('frame', async () => {
      await gate;
      done.push(0);
    });
    expect(queue.admit(true)).toBe('line');
    queue.push('line', async () => {
      throw new Error('disk full');
    });
    queue.runSync(() => done.push(2));
    expect(done).toEqual([]);
    release();
    await queue.drain();
    expect(done).toEqual([0, 2]);
    expect(queue.report()).toEqual({ limits: { frames: 1, lines: 8 }, framesDropped: 1, linesDropped: 0, deepest: 3, writeError: 'disk full' });
  });

  it('says whether a frame would be taken now without counting a drop', () => {
    const queue = new RecordQueue({ frames: 1, lines: 2 });
    expect(queue.takesFrame()).toBe(true);
    expect(queue.admit(true)).toBe('frame');
    queue.push('frame', async () => new Promise<void>(() => undefined));
    expect(queue.takesFrame()).toBe(false);
    expect(queue.takesFrame()).toBe(false);
    expect(queue.report()).toBeUndefined();
    expect(queue.admit(false)).toBe('line');
    queue.push('line', async () => undefined);
    expect(queue.admit(true)).toBe('none');
  });

  it('writes a line at once when nothing waits, and reports nothing when nothing dropped', () => {
    const queue = new RecordQueue();
    const done: number[] = [];
    queue.runSync(() => done.push(1));
    expect(done).toEqual([1]);
    expect(queue.report()).toBeUndefined();
  });

  it('refuses limits that could hold no line', () => {
    expect(() => new RecordQueue({ lines: 0 })).toThrow(/lines >= 1/);
  });
});
