import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasCode, type RunSummary } from '../protocol/index.js';
import { ArenaService, MAX_BODY_BYTES } from '../serve/index.js';
import { parseFlags } from '../scripts/cli/flags.js';
import { serveKinds } from '../plans/index.js';
import { resolveMatch } from '../plans/index.js';
import { buildMatchConfig } from '../plans/index.js';
import { matchOptions } from '../plans/match/match-flags.js';
import { planTournament, tournamentOptions } from '../plans/index.js';
import { runArena } from './support/arena-process.js';
import { STAY, submit } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { startServiceWithProvider, type TestService } from './support/serve-harness.js';

let svc: TestService;
let provider: FakeProvider;
let close: () => Promise<void>;
beforeAll(async () => void ({ svc, provider, close } = await startServiceWithProvider()));
afterAll(() => close());

/** A match that runs until it is cancelled (scripted agent, a long budget). */
const longMatch = { game: 'last_stand', agents: [{ kind: 'scripted' }], stepBudget: 100_000, timeLimitMs: 100_000_000, observationDelayMs: 0 };
const refusals = (): { code: string; path: string; method: string }[] =>
  readFileSync(join(svc.runsDir, '.serve', 'access.log'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as { code: string; path: string; method: string });

/** The code the CLI's own parsing gives a match configuration, or undefined when it passes. */
function cliMatchCode(config: Record<string, unknown>): string | undefined {
  const file = join(svc.runsDir, 'cli-config.json');
  writeFileSync(file, JSON.stringify(config));
  try {
    const flags = parseFlags('match', matchOptions, ['--config', file]).values;
    resolveMatch(buildMatchConfig(flags));
    return undefined;
  } catch (err) {
    return (err as { code?: string }).code;
  }
}

describe('arena serve: matches', () => {
  it('creates a match, lists it, inspects it and records its run', async () => {
    const created = await svc.api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'random' }], stepBudget: 3, observationDelayMs: 0 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'match', status: 'running' });
    const id = created.body.id as string;
    const listed = await svc.api.get<{ id: string }[]>('/api/matches');
    expect(listed.body.map((j) => j.id)).toContain(id);
    const done = await svc.api.settled('matches', id);
    expect(done).toMatchObject({ status: 'complete', result: { status: 'complete', reason: 'step_budget' } });
    const run = await svc.api.get<{ run: { status: string }; decisions: unknown[] }>(`/api/runs/${id}`);
    expect(run.body.run.status).toBe('complete');
    expect(run.body.decisions).toHaveLength(3);
    const runs = await svc.api.get<{ runId: string }[]>('/api/runs?game=last_stand&agent=random&clock=pdq');
    expect(runs.body.map((r) => r.runId)).toContain(id);
    expect((await svc.api.get<unknown[]>('/api/runs?clock=lcrt')).body.map((r) => (r as { runId: string }).runId)).not.toContain(id);
  });

  it('filters runs by their latency condition', async () => {
    const lcrt = await svc.api.post('/api/matches', { game: 'last_stand', clock: 'lcrt', agents: [{ kind: 'random', latency: 'synthetic:300' }], stepBudget: 2, observationDelayMs: 0 });
    const pdq = await svc.api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'random' }], stepBudget: 2, observationDelayMs: 0 });
    for (const r of [lcrt, pdq]) expect(await svc.api.settled('matches', r.body.id as string)).toMatchObject({ status: 'complete' });
    const ids = async (query: string): Promise<string[]> => (await svc.api.get<RunSummary[]>(`/api/runs?${query}`)).body.map((r) => r.runId);
    expect(await ids('latency=synthetic:300')).toContain(lcrt.body.id);
    expect(await ids('latency=synthetic:300')).not.toContain(pdq.body.id);
    // Under pdq nothing is charged: the condition is `none`.
    expect(await ids('latency=none')).toContain(pdq.body.id);
    expect(await ids('latency=none')).not.toContain(lcrt.body.id);
    const listed = (await svc.api.get<RunSummary[]>('/api/runs?clock=lcrt')).body.find((r) => r.runId === lcrt.body.id);
    expect(listed?.latency).toEqual(['synthetic:300']);
  });

  it('cancels a running match; its run is kept, marked ABORTED', async () => {
    const { body } = await svc.api.post('/api/matches', longMatch);
    const id = body.id as string;
    const cancelled = await svc.api.post(`/api/matches/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const run = await svc.api.get<{ run: { status: string; failure: { code: string } } }>(`/api/runs/${id}`);
    expect(run.body.run).toMatchObject({ status: 'incomplete', failure: { code: 'ABORTED' } });
    expect((await svc.api.post(`/api/matches/${id}/cancel`)).body).toMatchObject({ error: { code: 'BAD_STATE' } });
  });

  it.each([
    [{ game: 'nope' }, 'UNKNOWN_GAME'],
    [{ agents: [{ kind: 'nope' }] }, 'UNKNOWN_AGENT'],
    [{ seed: -1 }, 'BAD_CONFIG'],
    [{ variant: 'nope' }, 'UNKNOWN_VARIANT'],
    [{ clock: 'fast' }, 'BAD_CONFIG'],
    [{ frobnicate: true }, 'BAD_CONFIG'],
    [{ runsDir: '/tmp/elsewhere' }, undefined],
    [{ game: 'last_stand', agents: [{ kind: 'random' }, { kind: 'random' }] }, 'BAD_CONFIG'],
  ])('refuses the bad match configuration %j with the code the CLI gives (%s)', async (config, code) => {
    const before = (await svc.api.get<unknown[]>('/api/matches')).body.length;
    const r = await svc.api.post('/api/matches', config);
    expect(r.status).toBe(400);
    // runsDir is the service's to set; the CLI takes it.
    expect(r.body).toMatchObject({ error: { code: code ?? 'BAD_CONFIG' } });
    if (code !== 'UNKNOWN_VARIANT') expect(cliMatchCode(config)).toBe(code);
    expect((await svc.api.get<unknown[]>('/api/matches')).body.length).toBe(before);
  });

  it('refuses a body that is not JSON with BAD_MESSAGE', async () => {
    const res = await fetch(`${svc.url}/api/matches`, { method: 'POST', headers: { authorization: `Bearer ${svc.token}` }, body: '{nope' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('BAD_MESSAGE');
  });

  it('refuses a body over 1 MiB with TOO_LARGE', async () => {
    const res = await fetch(`${svc.url}/api/matches`, { method: 'POST', headers: { authorization: `Bearer ${svc.token}` }, body: JSON.stringify({ game: 'x'.repeat(MAX_BODY_BYTES) }) });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('TOO_LARGE');
  });

  it('answers an unknown job with NOT_FOUND', async () => {
    expect((await svc.api.get('/api/matches/match-nope')).body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    expect((await svc.api.get('/api/widgets')).body).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('arena serve: remote agents', () => {
  it('lets a remote agent join a match through AgentLink on the service\'s own port', async () => {
    const created = await svc.api.post<{ id: string; agentLink: { url: string; slots: { slot: number; token: string }[] } }>('/api/matches', { game: 'last_stand', agents: [{ kind: 'remote' }], stepBudget: 3, observationDelayMs: 0 });
    expect(created.status).toBe(201);
    const { url, slots } = created.body.agentLink;
    expect(url).toBe(`${svc.url.replace('http', 'ws')}/agent`);
    const tsx = createRequire(import.meta.url).resolve('tsx');
    const child = spawn(process.execPath, ['--import', tsx, 'examples/agent-link-client.ts', url, slots[0]!.token, 'forward'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    const exited = new Promise((resolve) => child.on('exit', resolve));
    try {
      const done = await svc.api.settled('matches', created.body.id);
      expect(done).toMatchObject({ status: 'complete', result: { players: [{ decisions: 3, invalid: 0 }] } });
      await exited;
      expect(out).toContain('joined slot 0 of last_stand');
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);
});

describe('arena serve: tokens', () => {
  it('refuses a create without a token, with a wrong token and with a read token, and logs each refusal', async () => {
    const none = await svc.api.post('/api/matches', { agents: [{ kind: 'idle' }] }, '');
    expect(none.status).toBe(401);
    expect(none.body).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const wrong = await svc.api.post('/api/matches', { agents: [{ kind: 'idle' }] }, 'not-the-token-at-all');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    const { body } = await svc.api.post('/api/matches', { agents: [{ kind: 'random' }], stepBudget: 2, observationDelayMs: 0 });
    const readToken = body.readToken as string;
    const spectatorCreate = await svc.api.post('/api/matches', { agents: [{ kind: 'idle' }] }, readToken);
    expect(spectatorCreate.status).toBe(403);
    expect(spectatorCreate.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const cancel = await svc.api.post(`/api/matches/${body.id as string}/cancel`, {}, readToken);
    expect(cancel.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
    const log = refusals().filter((r) => r.path === '/api/matches' && r.method === 'POST').map((r) => r.code);
    expect(log).toEqual(expect.arrayContaining(['UNAUTHORIZED', 'UNAUTHORIZED', 'FORBIDDEN']));
    expect(svc.service.access.refusals.length).toBeGreaterThanOrEqual(4);
    // The read token still watches its own match, and only that one.
    const own = await svc.api.get(`/api/matches/${body.id as string}`, readToken);
    expect(own.status).toBe(200);
    expect(own.body.readToken).toBeUndefined();
    expect((await svc.api.get('/api/matches', readToken)).status).toBe(403);
    await svc.api.settled('matches', body.id as string);
  });

  it('refuses to bind a non-loopback address without a token file', async () => {
    const exit = await runArena(['serve', '--host', '0.0.0.0', '--port', '0', '--runs', join(svc.runsDir, 'other'), '--no-web']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain('BAD_CONFIG');
  });

  it('refuses a main token shorter than 16 characters', async () => {
    const err = await ArenaService.start({ port: 0, token: 'short', runsDir: svc.runsDir, kinds: serveKinds() }).catch((e: unknown) => e);
    expect(hasCode(err, 'BAD_CONFIG')).toBe(true);
  });

  it('answers health without a token and nothing else', async () => {
    expect((await svc.api.get('/api/health', '')).body).toEqual({ ok: true });
    expect((await svc.api.get('/api/runs', '')).status).toBe(401);
  });
});

describe('arena serve: tournaments', () => {
  it('creates a tournament, lists it, and writes its standings', async () => {
    const created = await svc.api.post('/api/tournaments', { game: 'sky_duel', agents: 'scripted,random', episodes: 1, 'time-limit': 3, 'obs-delay': 0 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'tournament', status: 'running', matches: 2 });
    const id = created.body.id as string;
    expect((await svc.api.get<{ id: string }[]>('/api/tournaments')).body.map((j) => j.id)).toContain(id);
    const done = await svc.api.settled('tournaments', id, 120_000);
    expect(done).toMatchObject({ status: 'complete', result: { standings: 'files/standings.json' } });
    const standings = await svc.api.get<{ ratings: { agent: string }[] }>(`/api/tournaments/${id}/files/standings.json`);
    expect(standings.body.ratings.map((r) => r.agent).sort()).toEqual(['random', 'scripted']);
    const runs = await svc.api.get<{ runId: string; job?: { kind: string; id: string } }[]>('/api/runs?game=sky_duel');
    expect(runs.body).toHaveLength(2);
    // Its runs are the tournament's: each names its job, as a curve's or a sweep's episode runs do.
    expect(runs.body.map((r) => r.job)).toEqual([{ kind: 'tournament', id }, { kind: 'tournament', id }]);
  }, 150_000);

  it('cancels a running tournament; it can be resumed where it stopped', async () => {
    const created = await svc.api.post('/api/tournaments', { game: 'sky_duel', agents: 'scripted,random', episodes: 20, 'obs-delay': 0 });
    const id = created.body.id as string;
    const cancelled = await svc.api.post(`/api/tournaments/${id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', resumable: true });
    const resumed = await svc.api.post(`/api/tournaments/${id}/resume`);
    expect(resumed.body).toMatchObject({ status: 'running' });
    expect((await svc.api.post(`/api/tournaments/${id}/cancel`)).body.status).toBe('cancelled');
  }, 60_000);

  it.each([
    [{ agents: 'scripted,random', episodes: 1 }, ['--agents', 'scripted,random', '--episodes', '1']],
    [{ game: 'nope', agents: 'scripted', episodes: 1 }, ['--game', 'nope', '--agents', 'scripted', '--episodes', '1']],
    [{ game: 'sky_duel', agents: 'scripted,random', episodes: 0 }, ['--game', 'sky_duel', '--agents', 'scripted,random', '--episodes', '0']],
    [{ game: 'sky_duel', agents: 'scripted,nope', episodes: 1 }, ['--game', 'sky_duel', '--agents', 'scripted,nope', '--episodes', '1']],
  ])('refuses the bad tournament %j with the code the CLI gives', async (config, argv) => {
    const r = await svc.api.post('/api/tournaments', config);
    expect(r.status).toBe(400);
    const cli = await Promise.resolve().then(() => planTournament(parseFlags('tournament', tournamentOptions, argv).values)).then(
      () => 'passed',
      (err: { code: string }) => err.code,
    );
    expect((r.body as { error: { code: string } }).error.code).toBe(cli);
  });

  it('refuses flags the tournament command does not have, and flags the service sets', async () => {
    expect((await svc.api.post('/api/tournaments', { game: 'sky_duel', agents: 'scripted', episodes: 1, colour: 'red' })).body).toMatchObject({ error: { code: 'BAD_CONFIG' } });
    expect((await svc.api.post('/api/tournaments', { game: 'sky_duel', agents: 'scripted', episodes: 1, out: '/tmp/x' })).body).toMatchObject({ error: { code: 'BAD_CONFIG' } });
  });
});

describe('arena serve: boards', () => {
  it('runs a boards task as a job: the result in the job directory, e2e runs in the service\'s runs', async () => {
    const created = await svc.api.post('/api/boards', { task: 'e2e', game: 'tic_tac_toe', samples: 1, seed: 3 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'boards', status: 'running' });
    const id = created.body.id as string;
    const done = await svc.api.settled('boards', id, 120_000);
    expect(done).toMatchObject({ status: 'complete', result: { result: 'files/result.json', task: 'e2e', game: 'tic_tac_toe' } });
    const file = await svc.api.get<{ players: { player: string; detail: { games: { dir: string }[] } }[] }>(`/api/boards/${id}/files/result.json`);
    const dir = file.body.players[0]!.detail.games[0]!.dir;
    expect(dir.startsWith(svc.runsDir)).toBe(true);
    expect((await svc.api.get<{ runId: string }[]>('/api/runs?game=tic_tac_toe')).body.map((r) => r.runId)).toHaveLength(1);
  }, 150_000);

  it('refuses a task it does not have, a flag of the service and a game that is no board, with the codes the CLI gives', async () => {
    const play = (await svc.api.post('/api/boards', { task: 'play', game: 'tic_tac_toe' })).body as { error: { code: string; message: string } };
    expect(play.error.code).toBe('BAD_CONFIG');
    expect(play.error.message).toMatch(/task.*perceive/);
    expect((await svc.api.post('/api/boards', { task: 'e2e', game: 'tic_tac_toe', 'runs-dir': '/tmp/x' })).body).toMatchObject({ error: { code: 'BAD_CONFIG' } });
    expect((await svc.api.post('/api/boards', { task: 'e2e', game: 'tic_tac_toe', colour: 'red' })).body).toMatchObject({ error: { code: 'BAD_CONFIG' } });
    const notBoard = (await svc.api.post('/api/boards', { task: 'rule', game: 'last_stand' })).body as { error: { code: string; message: string } };
    expect(notBoard.error.code).toBe('BAD_CONFIG');
    expect(notBoard.error.message).toMatch(/last_stand/);
  });
});

describe('arena serve: curves', () => {
  const curve = (): Record<string, unknown> => ({ game: 'last_stand', agent: 'random', rounds: 1, episodes: 1, 'held-out': 'none', 'time-limit': 2, 'obs-delay': 0, 'reflector-base-url': provider.url, 'reflector-model': 'fake-vlm' });

  it('creates a curve, lists it and cancels it', async () => {
    // The reflector never answers, so the curve is still running when it is cancelled.
    provider.script({ hang: true }, { hang: true });
    const created = await svc.api.post('/api/curves', curve());
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect((await svc.api.get<{ id: string }[]>('/api/curves')).body.map((j) => j.id)).toContain(id);
    const cancelled = await svc.api.post(`/api/curves/${id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', resumable: true });
  }, 60_000);

  it('lists a curve\'s episode runs in the runs browser, filtered by curve and round, and opens them like any run', async () => {
    const reflector = await startFakeProvider();
    try {
      reflector.script(submit(STAY));
      const created = await svc.api.post('/api/curves', { ...curve(), 'reflector-base-url': reflector.url, 'reflector-model': 'fake-reflector' });
      const id = created.body.id as string;
      expect(await svc.api.settled('curves', id, 120_000)).toMatchObject({ status: 'complete' });
      const state = (await svc.api.get<{ rounds: { round: number; episodes: unknown[] }[] }>(`/api/curves/${id}/files/curve/curve.json`)).body;
      const runs = (await svc.api.get<RunSummary[]>(`/api/runs?curve=${id}`)).body;
      // One listed run per episode the curve played, each with its curve and round.
      expect(runs.length).toBe(state.rounds.reduce((n, r) => n + r.episodes.length, 0));
      for (const r of runs) expect(r).toMatchObject({ job: { kind: 'curve', id }, phase: 'round', game: 'last_stand', agents: ['player'] });
      expect(new Set(runs.map((r) => r.round))).toEqual(new Set(state.rounds.map((r) => r.round)));
      // The runs directory's own listing has them too; a round narrows it; another curve or a sweep of that id has none.
      expect((await svc.api.get<RunSummary[]>('/api/runs?game=last_stand')).body.map((r) => r.runId)).toEqual(expect.arrayContaining(runs.map((r) => r.runId)));
      const round0 = (await svc.api.get<RunSummary[]>(`/api/runs?curve=${id}&round=0`)).body;
      expect(round0.length).toBeGreaterThan(0);
      expect(round0.every((r) => r.round === 0)).toBe(true);
      expect((await svc.api.get<RunSummary[]>(`/api/runs?sweep=${id}`)).body).toEqual([]);
      // A listed run opens as a replay: record, decisions and files; the curve's read token reads it, another job's does not.
      const run = runs[0]!;
      const detail = await svc.api.get<{ run: { runId: string; curve: string }; decisions: { frame?: string }[] }>(`/api/runs/${run.runId}`);
      expect(detail.status).toBe(200);
      expect(detail.body.run.curve).toBe('curve');
      expect(detail.body.decisions.length).toBeGreaterThan(0);
      const frame = detail.body.decisions.find((d) => d.frame)!.frame!;
      const file = await fetch(`${svc.url}/api/runs/${run.runId}/files/${frame}?token=${created.body.readToken as string}`);
      expect(file.status).toBe(200);
      // A random agent takes raw frames: its record holds the exact pixels, a PNG.
      expect(file.headers.get('content-type')).toBe('image/png');
      const other = await svc.api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'random' }], stepBudget: 1, observationDelayMs: 0 });
      expect((await svc.api.get(`/api/runs/${run.runId}`, other.body.readToken as string)).body).toMatchObject({ error: { code: 'FORBIDDEN' } });
      expect((await svc.api.get(`/api/runs/${id}--curve--rounds--9--episodes--e0`)).body).toMatchObject({ error: { code: 'NOT_FOUND' } });
      expect((await svc.api.get(`/api/runs/${id}--..--..`)).body).toMatchObject({ error: { code: 'NOT_FOUND' } });
    } finally {
      await reflector.close();
    }
  }, 150_000);

  it.each([
    [{ game: 'last_stand', agent: 'random', episodes: 1, 'reflector-model': 'm', 'reflector-base-url': 'http://127.0.0.1:9/v1' }, 'BAD_CONFIG'],
    [{ game: 'last_stand', agent: 'random', rounds: 1, episodes: 1, 'reflector-base-url': 'http://127.0.0.1:9/v1' }, 'BAD_CONFIG'],
    [{ game: 'nope', agent: 'random', rounds: 1, episodes: 1, 'reflector-model': 'm', 'reflector-base-url': 'http://127.0.0.1:9/v1' }, 'UNKNOWN_GAME'],
    [{ game: 'last_stand', agent: 'random', rounds: 1, episodes: 1, 'reflector-model': 'm' }, 'BAD_CONFIG'],
  ])('refuses the bad curve %j (%s)', async (config, code) => {
    const r = await svc.api.post('/api/curves', config);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ error: { code } });
  });
});

describe('arena serve: sweeps', () => {
  const spec = (name: string, episodes: number): Record<string, unknown> => ({ name, games: ['last_stand'], agents: [{ label: 'random', kind: 'random' }], clocks: ['pdq'], episodes, seed: 1, match: { steps: 2, timeLimitMs: 4000 } });

  it('creates a sweep, lists it, and keeps its tables', async () => {
    const created = await svc.api.post('/api/sweeps', spec('api-sweep', 1));
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ kind: 'sweep', status: 'running', episodes: 1 });
    const id = created.body.id as string;
    expect((await svc.api.get<{ id: string }[]>('/api/sweeps')).body.map((j) => j.id)).toContain(id);
    const done = await svc.api.settled('sweeps', id, 120_000);
    expect(done).toMatchObject({ status: 'complete' });
    expect((done.result as { cells: unknown[] }).cells.length).toBe(1);
    // Its report's plots are job files.
    const plots = (done.result as { plots: string[] }).plots;
    expect(plots).toEqual(['files/sweep/report/score-vs-latency.svg', 'files/sweep/report/pdq-vs-lcrt.svg']);
    const plot = await fetch(`${svc.url}/api/sweeps/${id}/${plots[0]!}?token=${svc.token}`);
    expect(plot.headers.get('content-type')).toBe('image/svg+xml');
    expect(await plot.text()).toMatch(/^<svg/);
    // Its episode run is in the runs browser, with its sweep and cell, and opens like any run.
    const runs = (await svc.api.get<RunSummary[]>(`/api/runs?sweep=${id}`)).body;
    expect(runs.length).toBe(1);
    const run = runs[0]!;
    expect(run).toMatchObject({ job: { kind: 'sweep', id }, game: 'last_stand', agents: ['random'], clock: 'pdq', status: 'complete' });
    expect(run.cell).toMatch(/^last_stand\.origin\.pdq\./);
    expect((await svc.api.get<RunSummary[]>(`/api/runs?cell=${run.cell!}`)).body.map((r) => r.runId)).toEqual([run.runId]);
    expect((await svc.api.get<RunSummary[]>(`/api/runs?sweep=${id}&cell=nope`)).body).toEqual([]);
    const detail = await svc.api.get<{ run: { batch: { name: string } }; ledger: unknown[] }>(`/api/runs/${run.runId}`, created.body.readToken as string);
    expect(detail.status).toBe(200);
    expect(detail.body.run.batch.name).toBe('api-sweep');
    expect(detail.body.ledger.length).toBeGreaterThan(0);
  }, 150_000);

  it('cancels a running sweep', async () => {
    const created = await svc.api.post('/api/sweeps', spec('api-sweep-long', 50));
    const cancelled = await svc.api.post(`/api/sweeps/${created.body.id as string}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', resumable: true });
  }, 60_000);

  it.each([
    [{ name: 'x', games: ['nope'], agents: [{ label: 'r', kind: 'random' }] }],
    [{ name: 'x', games: ['last_stand'], agents: [{ label: 'r', kind: 'nope' }] }],
    [{ name: 'x', games: ['last_stand'] }],
  ])('refuses the bad sweep spec %j with the code the CLI gives', async (bad) => {
    const r = await svc.api.post('/api/sweeps', bad);
    expect(r.status).toBe(400);
    const file = join(svc.runsDir, 'cli-spec.json');
    writeFileSync(file, JSON.stringify(bad));
    const exit = await runArena(['sweep', file, '--dry-run']);
    expect(exit.code).toBe(2);
    expect(exit.stderr).toContain(`arena: ${(r.body as { error: { code: string } }).error.code}:`);
  }, 60_000);
});

describe('arena serve: the kinds registry', () => {
  it('lists every kind with its API path', async () => {
    const kinds = await svc.api.get<{ kind: string; path: string }[]>('/api/kinds');
    expect(kinds.body.map((k) => k.path)).toEqual(expect.arrayContaining(['/api/matches', '/api/tournaments', '/api/curves', '/api/sweeps']));
  });

  it('refuses a kind registered twice', () => {
    const kinds = svc.service.jobs.kinds;
    const match = kinds.get('match')!;
    let thrown: unknown;
    try {
      kinds.register(match);
    } catch (err) {
      thrown = err;
    }
    expect(String(thrown)).toContain('registered twice');
    expect(hasCode(thrown, 'BAD_CONFIG')).toBe(false);
  });
});
