import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readCurveState, type CurveState } from '../reflection/index.js';
import { startArena, type ArenaProcess } from './support/arena-process.js';
import { submit } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { tempRunsDir } from './support/run-dir.js';

const FIRST = 'Keep to the middle of the platform and watch the tiles around you.';
const SECOND = 'Keep to the middle and step away from tiles that flash red.';
const ROUNDS = 2;
const EPISODES = 3;

let tmp: { dir: string; cleanup: () => void };
const fakes: FakeProvider[] = [];
const children: ArenaProcess[] = [];

beforeEach(() => {
  tmp = tempRunsDir();
});

afterEach(async () => {
  for (const c of children.splice(0)) if (c.child.exitCode === null && c.child.signalCode === null) c.child.kill('SIGKILL');
  for (const f of fakes.splice(0)) await f.close();
  tmp.cleanup();
});

/** A reflector that submits FIRST after round 0 and SECOND after round 1. */
async function reflector(): Promise<FakeProvider> {
  const fake = await startFakeProvider();
  fakes.push(fake);
  fake.script(submit(FIRST), submit(SECOND));
  return fake;
}

/** `arena curve` with a random player (seeded per episode: it falls off at different times), at most 25 decisions an episode. */
function curve(fake: FakeProvider, out: string): ArenaProcess {
  const args = ['curve', '--game', 'last_stand', '--agent', 'random', '--reflector-model', 'fake-reflector', '--reflector-base-url', fake.url];
  const limits = ['--rounds', String(ROUNDS), '--episodes', String(EPISODES), '--held-out', 'none', '--time-limit', '30', '--steps', '25', '--obs-delay', '0'];
  const p = startArena([...args, ...limits, '--out', out, '--id', 'crash', '--quiet']);
  children.push(p);
  return p;
}

const episodeDir = (dir: string, round: number, episode: number): string => join(dir, 'rounds', String(round), 'episodes', `e${episode}`);

/** Every run directory of the curve's rounds, as `r<round>/e<k>`. */
function runDirs(dir: string): string[] {
  return readdirSync(join(dir, 'rounds')).flatMap((r) => (existsSync(join(dir, 'rounds', r, 'episodes')) ? readdirSync(join(dir, 'rounds', r, 'episodes')).map((e) => `r${r}/${e}`) : [])).sort();
}

/** What must not depend on the crash: each round's skill, where it came from, its episodes' seeds and scores, and its mean. */
const view = (s: CurveState) => ({
  rounds: s.rounds.map((r) => ({ round: r.round, skill: r.skill, source: r.source, episodes: r.episodes.map((e) => ({ episode: e.episode, seed: e.seed, score: e.score, reason: e.reason })), mean: r.mean, rollback: r.rollback })),
  best: s.best,
  stop: s.stop,
  status: s.status,
});

describe('a curve killed mid-round', () => {
  it('resumes with --resume ID to the same curve as an uninterrupted run, replaying no finished episode', async () => {
    const crashedOut = join(tmp.dir, 'crashed');
    const straightOut = join(tmp.dir, 'straight');
    const crashedFake = await reflector();
    const straight = curve(await reflector(), straightOut);
    const crashing = curve(crashedFake, crashedOut);
    const dir = join(crashedOut, 'crash');

    // Round 1's second episode has started once its run directory has a run.json: the first has finished.
    await vi.waitFor(() => expect(existsSync(join(episodeDir(dir, 1, 1), 'run.json'))).toBe(true), { timeout: 120_000, interval: 5 });
    crashing.child.kill('SIGKILL');
    expect((await crashing.exited).signal).toBe('SIGKILL');

    const killed = readCurveState(join(dir, 'curve.json'))!;
    expect(killed.status).toBe('running');
    expect(killed.rounds.map((r) => r.episodes.length)).toEqual([EPISODES, 1]);
    expect(killed.rounds[1]!.finished).toBe(false);
    expect(JSON.parse(readFileSync(join(episodeDir(dir, 1, 1), 'run.json'), 'utf8'))).toMatchObject({ status: 'running' });
    const finished = [episodeDir(dir, 0, 0), episodeDir(dir, 0, 1), episodeDir(dir, 0, 2), episodeDir(dir, 1, 0)];
    const records = finished.map((d) => readFileSync(join(d, 'run.json'), 'utf8'));

    const resumed = await startArena(['curve', '--resume', 'crash', '--out', crashedOut, '--quiet']).exited;
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toContain(`resuming: ${EPISODES + 1}/${(ROUNDS + 1) * EPISODES} episodes done`);
    const done = await straight.exited;
    expect(done.code, done.stderr).toBe(0);

    const after = readCurveState(join(dir, 'curve.json'))!;
    const reference = readCurveState(join(straightOut, 'crash', 'curve.json'))!;
    expect(view(after)).toEqual(view(reference));
    expect(after.rounds.map((r) => r.skill)).toEqual(['', FIRST, SECOND]);
    expect(new Set(reference.rounds.flatMap((r) => r.episodes.map((e) => e.score))).size).toBeGreaterThan(1);
    expect(finished.map((d) => readFileSync(join(d, 'run.json'), 'utf8'))).toEqual(records);
    expect(runDirs(dir)).toEqual(runDirs(join(straightOut, 'crash')));
    expect(runDirs(dir)).toHaveLength((ROUNDS + 1) * EPISODES);
    expect(crashedFake.completions()).toHaveLength(ROUNDS);
  }, 240_000);
});
