/**
 * The jobs a service runs: create (validate with the kind's schema and checks, then start in the
 * background), cancel, resume, and the spectator hub of each running one. Records go to the job store as
 * they change; a service stopping marks its running jobs interrupted.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentLinkServer } from '../gateway/index.js';
import { ArenaError, ErrorCode, parseConfig, toArenaError } from '../protocol/index.js';
import type { JobKind, JobKinds, JobOutcome, PrepareContext, PreparedJob } from './job-kinds.js';
import { JobStore, type JobRecord } from './job-store.js';
import { SpectatorHub } from './spectator-hub.js';

/** The folder under a service's runs directory that holds its state: tokens, job records, and each job's files under `work/`. */
export const SERVICE_STATE_DIR = '.serve';

/** Where a service on `runsDir` keeps job `id`'s files (a curve job's curve is its `curve/`). */
export function serviceJobDir(runsDir: string, id: string): string {
  return join(runsDir, SERVICE_STATE_DIR, 'work', id);
}

interface Running {
  readonly controller: AbortController;
  readonly hub: SpectatorHub;
  readonly done: Promise<void>;
}

function newJobId(kind: string): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  return `${kind}-${stamp}-${randomBytes(3).toString('hex')}`;
}

/** The service's jobs: the store on disk, the kinds, and what runs now with its spectator hub. */
export class Jobs {
  readonly store: JobStore;
  private readonly running = new Map<string, Running>();
  private stopping = false;

  constructor(
    readonly kinds: JobKinds,
    readonly runsDir: string,
    readonly stateDir: string,
    private readonly agentLink: () => AgentLinkServer,
  ) {
    this.store = new JobStore(stateDir);
  }

  /** The kind a job or an API path names; NOT_FOUND otherwise. */
  kindOf(plural: string): JobKind {
    const kind = this.kinds.byPlural(plural);
    if (!kind) throw new ArenaError(ErrorCode.NOT_FOUND, `no job kind '${plural}'; kinds: ${this.kinds.list().map((k) => k.plural).join(', ')}`);
    return kind;
  }

  /** A job of `kind`; NOT_FOUND otherwise. */
  get(kind: JobKind, id: string): JobRecord {
    const job = this.store.get(id);
    if (!job || job.kind !== kind.kind) throw new ArenaError(ErrorCode.NOT_FOUND, `no ${kind.kind} '${id}'`);
    return job;
  }

  hub(id: string): SpectatorHub | undefined {
    return this.running.get(id)?.hub;
  }

  private jobDir(id: string): string {
    return join(this.stateDir, 'work', id);
  }


  private prepareContext(id: string, resume: boolean): PrepareContext {
    return {
      id,
      runsDir: this.runsDir,
      jobDir: this.jobDir(id),
      resume,
      agentLink: this.agentLink(),
      job: (other) => {
        const job = this.store.get(other);
        return job ? { kind: job.kind, status: job.status, config: job.config, dir: this.jobDir(other) } : undefined;
      },
    };
  }

  /** Validates a configuration as the CLI does and starts the job; throws the CLI's codes on a bad one. */
  async create(kind: JobKind, raw: unknown): Promise<JobRecord> {
    const config = parseConfig(raw, kind.schema, kind.kind);
    const id = newJobId(kind.kind);
    const jobDir = this.jobDir(id);
    const prepared = await kind.prepare(config, this.prepareContext(id, false));
    mkdirSync(jobDir, { recursive: true });
    const job = this.store.put({ id, kind: kind.kind, status: 'running', config, readToken: randomBytes(18).toString('base64url'), createdAt: new Date().toISOString(), resumable: kind.resumable, ...prepared.info });
    this.start(job, prepared, jobDir);
    return job;
  }

  /** Runs an interrupted or cancelled job again where it stopped (kinds the CLI can resume). */
  async resume(kind: JobKind, id: string): Promise<JobRecord> {
    const job = this.get(kind, id);
    if (!kind.resumable) throw new ArenaError(ErrorCode.BAD_STATE, `a ${kind.kind} cannot be resumed; create a new one`);
    if (this.running.has(id) || job.status === 'running') throw new ArenaError(ErrorCode.BAD_STATE, `${id} is running`);
    if (job.status === 'complete') throw new ArenaError(ErrorCode.BAD_STATE, `${id} is complete`);
    const jobDir = this.jobDir(id);
    const prepared = await kind.prepare(parseConfig(job.config, kind.schema, kind.kind), this.prepareContext(id, true));
    const { error: _error, endedAt: _endedAt, ...rest } = job;
    const resumed = this.store.put({ ...rest, status: 'running', resumedAt: new Date().toISOString() });
    this.start(resumed, prepared, jobDir);
    return resumed;
  }

  /** Stops a running job and waits for it to end; its record says `cancelled`. */
  async cancel(kind: JobKind, id: string): Promise<JobRecord> {
    this.get(kind, id);
    const run = this.running.get(id);
    if (!run) throw new ArenaError(ErrorCode.BAD_STATE, `${id} is not running`);
    run.controller.abort(new ArenaError(ErrorCode.ABORTED, 'cancelled through the API'));
    await run.done;
    return this.store.get(id)!;
  }

  /** Stops every running job (marked interrupted, resumable where the kind is) and waits for them. */
  async stop(): Promise<void> {
    this.stopping = true;
    const all = [...this.running.values()];
    for (const r of all) r.controller.abort(new ArenaError(ErrorCode.INTERRUPTED, 'the service is stopping'));
    await Promise.all(all.map((r) => r.done));
  }

  private start(job: JobRecord, prepared: PreparedJob, jobDir: string): void {
    const controller = new AbortController();
    const hub = new SpectatorHub();
    const finish = (outcome: JobOutcome): void => {
      const status = this.stopping ? 'interrupted' : controller.signal.aborted ? 'cancelled' : outcome.status;
      const ended = this.store.update(job.id, { status, endedAt: new Date().toISOString(), ...(outcome.result ? { result: outcome.result } : {}), ...(outcome.error ? { error: outcome.error } : {}) });
      hub.close({ type: 'end', status: ended.status, ...(ended.result ? { result: ended.result } : {}) });
    };
    const done = prepared
      .run({
        id: job.id,
        runsDir: this.runsDir,
        jobDir,
        signal: controller.signal,
        observer: hub,
        update: (fields) => {
          this.store.update(job.id, fields);
          hub.broadcast({ type: 'job', ...fields });
        },
      })
      .then(finish, (err: unknown) => {
        const e = toArenaError(err);
        finish({ status: 'failed', error: { code: e.code, message: e.message } });
      })
      .finally(() => this.running.delete(job.id));
    this.running.set(job.id, { controller, hub, done });
  }
}
