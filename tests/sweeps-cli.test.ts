/** `arena sweep`, `arena worker` and `arena report SWEEP_DIR` as commands: help, refusals, dry run, retry of failures, the report files. */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepCommand } from '../scripts/commands/sweep.js';
import { ResultsStore } from '../sweeps/index.js';
import { runArena } from './support/arena-process.js';
import { redisMissing, startRedis, type TestRedis } from './support/redis-server.js';
import { smallSpec, startWorkers, stopAll, storedRows, writeSpec } from './support/sweep-fixtures.js';

describe('arena sweep and arena report on a sweep', () => {
  let tmp: string;
  beforeAll(() => void (tmp = mkdtempSync(join(tmpdir(), 'arena-sweep-cli-'))));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('has --help for sweep and worker', async () => {
    const [sweep, worker] = await Promise.all([runArena(['sweep', '--help']), runArena(['worker', '--help'])]);
    expect(sweep.code).toBe(0);
    expect(sweep.stdout).toContain('usage: arena sweep [flags] SPEC.yaml|SPEC.json');
    expect(worker.code).toBe(0);
    expect(worker.stdout).toContain('usage: arena worker [flags]');
    expect(worker.stdout).toMatch(/^ +--redis URL +text +the coordinator's Redis/m);
  });

  it('refuses an unknown game and an unknown agent kind with the line and field, playing nothing', async () => {
    const game = writeSpec(tmp, 'bad-game.yaml', smallSpec().replace('game: last_stand', 'game: chess_boxing'));
    const agent = writeSpec(tmp, 'bad-agent.yaml', smallSpec().replace('kind: random', 'kind: psychic'));
    const [g, a] = await Promise.all([runArena(['sweep', game, '--out', join(tmp, 'g')]), runArena(['sweep', agent, '--out', join(tmp, 'a')])]);
    expect(g.code).toBe(2);
    expect(g.stderr).toContain(`arena: BAD_CONFIG: bad sweep spec\n  ${game}:2: games.0.game: unknown game 'chess_boxing'`);
    expect(a.code).toBe(2);
    expect(a.stderr).toContain(`${agent}:5: agents.1.kind: random on last_stand: unknown agent 'psychic'`);
    expect(existsSync(join(tmp, 'g'))).toBe(false);
  });

  it('refuses --parallel above 1 on one RemoteInput build (match.env), which plays one episode at a time, playing nothing', async () => {
    const spec = writeSpec(tmp, 'one-build.yaml', smallSpec().replace('observationDelayMs: 0 }', 'observationDelayMs: 0, env: "remote-input://127.0.0.1:1" }'));
    const out = join(tmp, 'one-build');
    await expect(sweepCommand([spec, '--parallel', '2', '--out', out, '--quiet'])).rejects.toMatchObject({ code: 'BAD_CONFIG', message: expect.stringContaining('one build plays one episode at a time') as unknown });
    expect(existsSync(out)).toBe(false);
  });

  it('prints the cells and counts on --dry-run', async () => {
    const r = await runArena(['sweep', 'examples/sweep-latency.yaml', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('24 cells, 72 episodes');
    expect(r.stdout).toMatch(/last_stand\.origin\.lcrt\.[0-9a-f]{8} {2}last_stand\/origin lcrt latency=synthetic:500 scripted pool=default: 3 episodes/);
  });

  it('replays a stored infrastructure failure only with --retry-failed, as the next attempt; the report writes tables and plots', async () => {
    const spec = writeSpec(tmp, 'retry.yaml', smallSpec({ episodes: 1, steps: 2 }));
    const out = join(tmp, 'retry');
    expect((await runArena(['sweep', spec, '--out', out, '--quiet', '--parallel', '2'])).code).toBe(0);
    const victim = storedRows(out)[0]!.id;
    const store = new ResultsStore(join(out, 'results.sqlite'));
    const row = store.all().find((e) => e.job.id === victim)!;
    // What a game crash leaves in the store.
    const crashed = { ...row.outcome, status: 'failed' as const, reason: 'GAME_CRASHED', failure: { code: 'GAME_CRASHED', class: 'infrastructure', message: 'the game exited' }, players: [] };
    store.close();
    const db = new (await import('better-sqlite3')).default(join(out, 'results.sqlite'));
    db.prepare("UPDATE episodes SET status = 'failed', class = 'infrastructure', outcome = ? WHERE id = ?").run(JSON.stringify(crashed), victim);
    db.close();
    const plain = await runArena(['sweep', spec, '--out', out, '--quiet']);
    expect(plain.stderr).toContain('(0 played now');
    const retry = await runArena(['sweep', spec, '--out', out, '--quiet', '--retry-failed']);
    expect(retry.code, retry.stderr).toBe(0);
    expect(retry.stderr).toContain('(1 played now, 0 failed)');
    expect(storedRows(out).find((r) => r.id === victim)!.attempt).toBe(1);

    const report = await runArena(['report', out]);
    expect(report.code, report.stderr).toBe(0);
    expect(report.stdout).toContain('PDQ minus LCRT mean progress');
    expect(report.stdout).toMatch(/scripted\s+last_stand\s+lcrt\s+synthetic:300:100\s+1\s+1\s/);
    for (const f of ['cells.csv', 'pdq-lcrt.csv', 'models.csv', 'report.json', 'score-vs-latency.svg', 'pdq-vs-lcrt.svg']) expect(existsSync(join(out, 'report', f)), f).toBe(true);
    const cellsCsv = readFileSync(join(out, 'report', 'cells.csv'), 'utf8').split('\n');
    expect(cellsCsv[0]).toBe('agent,game,clock,latency,episodes,completed,mean_progress,ci95,wins,draws,losses,actions_per_episode,mean_charged_ms,stale_share');
    // A reference game's frames are never stale: every cell's judged decisions give a share of 0.
    for (const row of cellsCsv.slice(1).filter((l) => l.length > 0)) expect(row.split(',').at(-1)).toBe('0.000');
    expect(readFileSync(join(out, 'report', 'pdq-vs-lcrt.svg'), 'utf8')).toContain('<svg');
    expect(readFileSync(join(out, 'report', 'score-vs-latency.png')).subarray(1, 4).toString()).toBe('PNG');
    const json = JSON.parse(readFileSync(join(out, 'report', 'report.json'), 'utf8')) as { pdqLcrt: unknown[]; episodes: { stored: number } };
    expect(json.episodes.stored).toBe(4);
    expect(json.pdqLcrt).toHaveLength(2);
  }, 90_000);

  describe.skipIf(redisMissing() !== undefined)('on redis', () => {
    let redis: TestRedis;
    beforeAll(async () => void (redis = await startRedis()));
    afterAll(async () => redis?.stop());

    it('refuses a pool no worker serves with NO_WORKER, storing nothing', async () => {
      const spec = writeSpec(tmp, 'nobody.yaml', smallSpec({ pool: 'nobody' }));
      const r = await runArena(['sweep', spec, '--out', join(tmp, 'nobody'), '--redis', redis.url, '--wait-workers', '0.3']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("arena: NO_WORKER: no worker serves pool 'nobody' (start one: arena worker --redis URL --pool nobody)");
      expect(storedRows(join(tmp, 'nobody'))).toEqual([]);
    });

    it('plays a tournament through the same work layer: the same records on a worker as in process', async () => {
      const fleet = await startWorkers(redis.url, ['tour-w0'], ['--pool', 'tour', '--slots', '2']);
      try {
        const args = ['tournament', '--game', 'sky_duel', '--agents', 'scripted,random', '--episodes', '1', '--steps', '3', '--quiet'];
        const [local, remote] = await Promise.all([runArena([...args, '--out', join(tmp, 'tour-local')]), runArena([...args, '--out', join(tmp, 'tour-redis'), '--redis', redis.url, '--pool', 'tour'])]);
        expect(local.code, local.stderr).toBe(0);
        expect(remote.code, remote.stderr).toBe(0);
        const records = (dir: string): unknown[] =>
          readFileSync(join(dir, 'results.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => {
            const r = JSON.parse(l) as { key: string; players: unknown; simMs: number; runId: string; dir: string };
            expect(existsSync(join(r.dir, 'run.json'))).toBe(true);
            return [r.key, r.players, r.simMs, r.runId];
          }).sort();
        expect(records(join(tmp, 'tour-redis'))).toEqual(records(join(tmp, 'tour-local')));
        expect(remote.stdout).toBe(local.stdout);
      } finally {
        await stopAll(fleet);
      }
    }, 90_000);

    it('refuses an unreachable Redis with BACKEND_GONE', async () => {
      const r = await runArena(['sweep', writeSpec(tmp, 'gone.yaml', smallSpec()), '--out', join(tmp, 'gone'), '--redis', 'redis://127.0.0.1:1']);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('arena: BACKEND_GONE: cannot reach Redis at 127.0.0.1:1');
    });
  });
});
