/**
 * The service's watch, transfer and cases kinds, each a plan's job kind over its command: a watch of a real
 * match watched by the fake provider; a transfer of a curve job of the same service; a golden set built from the
 * service's own runs, a model run on it and the results scored, each job naming the one before by its id. Bad
 * configurations get the command's codes; a key naming a missing, wrong or unfinished job is BAD_CONFIG.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLL_TEXT } from '../perception/index.js';
import { serveKinds } from '../plans/index.js';
import type { AgentLinkServer } from '../gateway/index.js';
import { STAY, submit } from './support/curve-fixtures.js';
import type { FakeProvider, FakeReply } from './support/fake-provider.js';
import { startServiceWithProvider, type TestService } from './support/serve-harness.js';

let svc: TestService;
let provider: FakeProvider;
let close: () => Promise<void>;
beforeAll(async () => void ({ svc, provider, close } = await startServiceWithProvider()));
afterAll(() => close());

interface Body {
  messages: { role: string; content: string | { type: string; text?: string }[] }[];
}
const lastText = (body: unknown): string => {
  const parts = (body as Body).messages.at(-1)!.content;
  return Array.isArray(parts) ? (parts.filter((p) => p.type === 'text').at(-1)?.text ?? '') : parts;
};
/** The watcher's questions get option 1 or "0" and its polls "NONE"; a case's task gets an empty answer. */
const responder = (body: unknown): FakeReply => {
  const text = lastText(body);
  if (text === POLL_TEXT) return { text: 'NONE' };
  if (text.includes('whole number')) return { text: '0' };
  return { text: text.includes('tuples') ? '{"tuples": []}' : '1' };
};

/** Posts a configuration the service must refuse, with `code` and a message matching `message`. */
const refused = async (plural: string, config: Record<string, unknown>, code: string, message?: RegExp): Promise<void> => {
  const r = await svc.api.post<{ error: { code: string; message: string } }>(`/api/${plural}`, config);
  expect(r.status, JSON.stringify(r.body)).toBeGreaterThanOrEqual(400);
  expect(r.body.error.code, r.body.error.message).toBe(code);
  if (message) expect(r.body.error.message).toMatch(message);
};

describe('arena serve: watch', () => {
  const watch = (): Record<string, unknown> => ({ game: 'sky_duel', agents: 'scripted,random', model: 'fake-vlm', 'base-url': provider.url, 'time-limit': 6, 'qa-every': 3 });

  it('runs a watch as a job: watch.json in the job directory, the watched match in the service\'s runs', async () => {
    provider.respond(responder);
    const created = await svc.api.post('/api/watches', watch());
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ kind: 'watch', status: 'running', game: 'sky_duel' });
    const id = created.body.id as string;
    const done = await svc.api.settled('watches', id, 120_000);
    expect(done).toMatchObject({ status: 'complete', result: { watch: 'files/watch.json', matchStatus: 'complete' } });
    const file = (await svc.api.get<{ conditions: { model: string }; qa: unknown[] }>(`/api/watches/${id}/files/watch.json`)).body;
    expect(file.conditions.model).toBe('fake-vlm');
    expect(file.qa.length).toBeGreaterThan(0);
    const runId = (done.result as { runId: string }).runId;
    expect((await svc.api.get<{ runId: string }[]>('/api/runs?game=sky_duel')).body.map((r) => r.runId)).toContain(runId);
  }, 150_000);

  it('refuses what arena watch refuses, and the flags the service sets, with the command\'s codes', async () => {
    await refused('watches', { ...watch(), 'base-url': undefined }, 'BAD_CONFIG', /--base-url/);
    await refused('watches', { ...watch(), agents: 'vlm,random' }, 'BAD_CONFIG', /built-in agents only/);
    await refused('watches', { ...watch(), out: '/tmp/elsewhere' }, 'BAD_CONFIG', /'out' is set by the service/);
    await refused('watches', { ...watch(), fps: 50 }, 'BAD_CONFIG', /--fps/);
    await refused('watches', { ...watch(), game: 'no_such_game' }, 'UNKNOWN_GAME');
    await refused('watches', { ...watch(), view: 7 }, 'BAD_CONFIG', /--view 7/);
  });
});

describe('arena serve: transfer of a curve job', () => {
  let curveId: string;
  it('transfers a complete curve job of the service: the table in the curve and in the transfer job', async () => {
    provider.respond(undefined);
    provider.script(submit(STAY));
    const curve = await svc.api.post('/api/curves', { game: 'last_stand', agent: 'random', rounds: 1, episodes: 1, 'held-out': 'none', 'time-limit': 2, 'obs-delay': 0, 'reflector-base-url': provider.url, 'reflector-model': 'fake-reflector' });
    curveId = curve.body.id as string;
    expect(await svc.api.settled('curves', curveId, 120_000)).toMatchObject({ status: 'complete' });

    const created = await svc.api.post('/api/transfers', { curve: curveId, variants: 'ring', episodes: 1 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ kind: 'transfer', game: 'last_stand' });
    const id = created.body.id as string;
    const done = await svc.api.settled('transfers', id, 120_000);
    expect(done).toMatchObject({ status: 'complete', result: { transfer: 'files/transfer.json', variants: [{ variant: 'ring' }] } });
    // The table is the curve's own (in its directory) and served from the transfer job.
    const mine = (await svc.api.get<{ variants: { variant: string }[] }>(`/api/transfers/${id}/files/transfer.json`)).body;
    const curves = (await svc.api.get<{ variants: { variant: string }[] }>(`/api/curves/${curveId}/files/curve/transfer.json`)).body;
    expect(mine).toEqual(curves);
  }, 240_000);

  it('refuses a curve that is no job, another kind of job, a variant the curve learned on and the service\'s flags', async () => {
    await refused('transfers', { curve: 'curve-none', variants: 'ring', episodes: 1 }, 'BAD_CONFIG', /'curve' names no job/);
    const watches = (await svc.api.get<{ id: string }[]>('/api/watches')).body;
    await refused('transfers', { curve: watches[0]!.id, variants: 'ring', episodes: 1 }, 'BAD_CONFIG', /is a watch/);
    await refused('transfers', { variants: 'ring', episodes: 1 }, 'BAD_CONFIG', /needs 'curve'/);
    await refused('transfers', { curve: curveId, variants: 'origin', episodes: 1 }, 'BAD_CONFIG', /learned on 'origin'/);
    await refused('transfers', { curve: curveId, variants: 'no_such', episodes: 1 }, 'UNKNOWN_VARIANT');
    await refused('transfers', { curve: curveId, variants: 'ring', episodes: 1, out: '/tmp/x' }, 'BAD_CONFIG');
  });
});

describe('arena serve: cases', () => {
  let setId: string;
  let resultsId: string;
  it('builds a golden set from the service\'s runs, runs a model on it and scores it, each job naming the one before', async () => {
    provider.respond(responder);
    const set = await svc.api.post('/api/cases', { task: 'video-arena', 'per-game': 1, fps: 5 });
    expect(set.status, JSON.stringify(set.body)).toBe(201);
    setId = set.body.id as string;
    const built = await svc.api.settled('cases', setId, 180_000);
    expect(built, JSON.stringify(built)).toMatchObject({ status: 'complete', result: { set: 'files/set/manifest.json' } });
    const cases = (built.result as { cases: number }).cases;
    expect(cases).toBeGreaterThan(0);
    // The set is made of the runs in the service's runs folder (the watched match); curve episodes stay in their job's folder.
    const manifest = (await svc.api.get<{ cases: { game: string; sourceRun: string }[]; skipped: { run: string }[] }>(`/api/cases/${setId}/files/set/manifest.json`)).body;
    const runs = (await svc.api.get<{ runId: string; job?: { kind: string } }[]>('/api/runs')).body;
    const own = runs.filter((r) => r.job === undefined).map((r) => r.runId);
    expect(own.length).toBeGreaterThan(0);
    expect([...manifest.cases.map((c) => c.sourceRun), ...manifest.skipped.map((x) => x.run)].sort()).toEqual(own.sort());
    expect(manifest.cases.map((c) => c.game)).toEqual(['sky_duel']);

    const run = await svc.api.post('/api/cases', { task: 'run', set: setId, protocol: 'native', model: 'stub-model', 'base-url': provider.url, retries: 0 });
    expect(run.status, JSON.stringify(run.body)).toBe(201);
    resultsId = run.body.id as string;
    expect(await svc.api.settled('cases', resultsId, 120_000)).toMatchObject({ status: 'complete', result: { results: 'files/results' } });

    const score = await svc.api.post('/api/cases', { task: 'score', set: setId, results: resultsId, bootstrap: 0 });
    const scoreId = score.body.id as string;
    const scored = await svc.api.settled('cases', scoreId, 60_000);
    expect(scored).toMatchObject({ status: 'complete', result: { score: 'files/score.json', games: ['sky_duel'] } });
    const report = (await svc.api.get<{ systems: { protocol: string; model: string }[] }>(`/api/cases/${scoreId}/files/score.json`)).body;
    expect(report.systems).toMatchObject([{ protocol: 'native', model: 'stub-model' }]);
  }, 400_000);

  it('refuses a task it does not have, another task\'s flags, a reference to the wrong job and a stopped set', async () => {
    await refused('cases', { task: 'play' }, 'BAD_CONFIG', /'task' takes video-arena, run, score/);
    await refused('cases', { task: 'video-arena', protocol: 'native' }, 'BAD_CONFIG', /video-arena does not take --protocol/);
    await refused('cases', { task: 'run', set: 'cases-none', protocol: 'native', model: 'm', 'base-url': provider.url }, 'BAD_CONFIG', /'set' names no job/);
    await refused('cases', { task: 'score', set: resultsId, results: resultsId }, 'BAD_CONFIG', /'set' takes the id of a complete cases job with task video-arena; .* is a cases \(run\)/);
    await refused('cases', { task: 'run', set: setId, results: resultsId, protocol: 'native', model: 'm', 'base-url': provider.url }, 'BAD_CONFIG', /'results' is not used by this task/);
    await refused('cases', { task: 'run', set: setId, protocol: 'sideways', model: 'm', 'base-url': provider.url }, 'BAD_CONFIG', /--protocol/);
    await refused('cases', { task: 'score', set: setId, results: resultsId, cases: '/tmp/x' }, 'BAD_CONFIG', /'cases' is set by the service/);
    // A video-arena job writes into an empty folder, so it is never resumed (run and score jobs are).
    const kind = serveKinds().get('cases')!;
    const ctx = { id: 'cases-x', runsDir: svc.runsDir, jobDir: '/tmp/none', resume: true, agentLink: undefined as unknown as AgentLinkServer, job: () => undefined };
    await expect(kind.prepare({ task: 'video-arena' }, ctx)).rejects.toMatchObject({ code: 'BAD_STATE' });
  });
});
