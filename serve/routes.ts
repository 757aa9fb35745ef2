/**
 * The JSON API. Per job kind (`matches`, `tournaments`, `curves`, `sweeps`...): `GET /api/KIND` lists,
 * `POST /api/KIND` creates from the CLI's configuration, `GET /api/KIND/ID` inspects, `POST /api/KIND/ID/cancel`
 * and `/resume`, `GET /api/KIND/ID/spectators` and `/files/PATH`. Runs: `GET /api/runs?game=&agent=&clock=&variant=&status=&curve=&sweep=&round=&cell=`,
 * `GET /api/runs/ID` (record, decisions, ledger, progress, events, hasVideo; under the omnigamearena profile `benchmark`, its raw score over game time) and `/api/runs/ID/files/PATH`. See docs/serve.md.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import { recordedFrameImage } from '../gateway/index.js';
import { ArenaError, ErrorCode } from '../protocol/index.js';
import type { Access, Need } from './access.js';
import { presentedToken } from './access.js';
import { readJson, sendJson } from './http-util.js';
import type { JobRecord } from './job-store.js';
import type { Jobs } from './jobs.js';
import { jobOfRun, listRuns, readLines, readRunRecord, RUN_FILTER_FIELDS, runDir, runFile, type RunFilter, type RunRoots } from './runs-browser.js';
import { benchmarkOfRun } from './run-benchmark.js';
import { sendFile, serveStatic } from './static-files.js';

/** What the routes work on. */
export interface RouteContext {
  readonly jobs: Jobs;
  readonly access: Access;
  readonly runs: RunRoots;
}

/** A job as the API shows it: the read token only to the main token's holder. */
function shown(job: JobRecord, admin: boolean): Record<string, unknown> {
  if (admin) return job;
  const { readToken: _readToken, ...rest } = job;
  return rest;
}

/** Answers one `/api/...` request. */
export async function routeApi(req: IncomingMessage, res: ServerResponse, url: URL, ctx: RouteContext): Promise<void> {
  const method = req.method ?? 'GET';
  const parts = url.pathname.split('/').filter(Boolean).slice(1).map(decodeURIComponent);
  const need = (n: Need): void => ctx.access.check(req, url, n);
  const isAdmin = (): boolean => ctx.access.allows(req, url, { kind: 'admin' });
  const [head, id, action, ...rest] = parts;
  if (head === 'health' && method === 'GET') return sendJson(res, 200, { ok: true });
  if (head === 'kinds' && method === 'GET') {
    need({ kind: 'admin' });
    return sendJson(res, 200, ctx.jobs.kinds.list().map((k) => ({ kind: k.kind, path: `/api/${k.plural}`, spectatable: k.spectatable, resumable: k.resumable })));
  }
  if (head === 'jobs' && method === 'GET' && id === undefined) {
    need({ kind: 'admin' });
    return sendJson(res, 200, ctx.jobs.store.list());
  }
  if (head === 'runs') return routeRuns(req, res, url, ctx, id, action, rest, need);
  if (head === undefined) throw new ArenaError(ErrorCode.NOT_FOUND, 'no such API path');
  const kind = ctx.jobs.kindOf(head);
  if (id === undefined) {
    if (method === 'GET') {
      need({ kind: 'admin' });
      const status = url.searchParams.get('status');
      return sendJson(res, 200, ctx.jobs.store.list().filter((j) => j.kind === kind.kind && (status === null || j.status === status)));
    }
    if (method === 'POST') {
      need({ kind: 'admin' });
      const job = await ctx.jobs.create(kind, await readJson(req));
      return sendJson(res, 201, job);
    }
    throw new ArenaError(ErrorCode.NOT_FOUND, `${method} /api/${head} is not a call`);
  }
  const job = ctx.jobs.get(kind, id);
  if (action === undefined && method === 'GET') {
    need({ kind: 'read', jobId: job.id });
    return sendJson(res, 200, shown(job, isAdmin()));
  }
  if ((action === 'cancel' && method === 'POST') || (action === undefined && method === 'DELETE')) {
    need({ kind: 'admin' });
    return sendJson(res, 200, await ctx.jobs.cancel(kind, job.id));
  }
  if (action === 'resume' && method === 'POST') {
    need({ kind: 'admin' });
    return sendJson(res, 200, await ctx.jobs.resume(kind, job.id));
  }
  if (action === 'spectators' && method === 'GET') {
    need({ kind: 'read', jobId: job.id });
    const hub = ctx.jobs.hub(job.id);
    return sendJson(res, 200, { running: hub !== undefined, ...(hub ? hub.stats() : {}) });
  }
  if (action === 'files' && (method === 'GET' || method === 'HEAD')) {
    need({ kind: 'read', jobId: job.id });
    if (serveStatic(req, res, join(ctx.jobs.stateDir, 'work', job.id), `/${rest.join('/')}`)) return;
    throw new ArenaError(ErrorCode.NOT_FOUND, `no file '${rest.join('/')}' in ${job.id}`);
  }
  throw new ArenaError(ErrorCode.NOT_FOUND, `${method} ${url.pathname} is not a call`);
}

function routeRuns(req: IncomingMessage, res: ServerResponse, url: URL, ctx: RouteContext, runId: string | undefined, action: string | undefined, rest: string[], need: (n: Need) => void): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') throw new ArenaError(ErrorCode.NOT_FOUND, 'runs are read-only');
  if (runId === undefined) {
    need({ kind: 'admin' });
    const filter: RunFilter = Object.fromEntries(RUN_FILTER_FIELDS.map((f) => [f, url.searchParams.get(f) ?? undefined]));
    return sendJson(res, 200, listRuns(ctx.runs, filter));
  }
  // A match's read token also reads the run that match records, and a curve's or a sweep's the runs in its directory.
  const token = presentedToken(req, url);
  const job = jobOfRun(runId);
  const owner = ctx.jobs.store.list().find((j) => (j.runId === runId || j.id === job) && j.readToken === token);
  need(owner ? { kind: 'read', jobId: owner.id } : { kind: 'admin' });
  if (action === undefined) {
    const dir = runDir(ctx.runs, runId);
    const run = readRunRecord(ctx.runs, runId);
    const progress = readLines(join(dir, 'progress.jsonl'));
    return sendJson(res, 200, {
      run,
      decisions: readLines(join(dir, 'decisions.jsonl')),
      ledger: readLines(join(dir, 'ledger.jsonl')),
      progress,
      // Under the omnigamearena profile: the benchmark's raw score after each progress line, what its pages plot.
      ...benchmarkOfRun(run, progress),
      events: readLines(join(dir, 'events.jsonl')),
      // So a page asks for the video only when there is one (no 404 in its console).
      hasVideo: existsSync(join(dir, 'episode.mp4')),
    });
  }
  if (action === 'files') {
    const path = runFile(ctx.runs, runId, rest.join('/'));
    if (!path.endsWith('.ppm')) return sendFile(req, res, path);
    // A raw frame not yet made a PNG (a running match, or one killed) is served as the PNG its line names.
    void recordedFrameImage(path).then(
      (image) => res.writeHead(200, { 'content-type': image.type, 'content-length': image.data.length }).end(req.method === 'HEAD' ? undefined : image.data),
      (err: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(err instanceof Error ? err.message : String(err)),
    );
    return;
  }
  throw new ArenaError(ErrorCode.NOT_FOUND, `no call ${url.pathname}`);
}
