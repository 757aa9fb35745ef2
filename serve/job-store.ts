/**
 * The service's jobs on disk, one JSON file each under `<runs>/.serve/jobs/`, rewritten atomically on every
 * change. Opening the store after a stop marks every job that was still queued or running as `interrupted`
 * (and its match run, if any, as incomplete with INTERRUPTED), so a restart loses no finished record.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { ErrorCode } from '../protocol/index.js';

export const JobStatus = z.enum(['running', 'complete', 'failed', 'cancelled', 'interrupted']);
export type JobStatus = z.infer<typeof JobStatus>;

/** A job as stored and as the API shows it (the read token is shown only to the main token's holder). */
export const JobRecord = z.looseObject({
  id: z.string(),
  kind: z.string(),
  status: JobStatus,
  config: z.unknown(),
  readToken: z.string(),
  createdAt: z.string(),
  endedAt: z.string().optional(),
  runId: z.string().optional(),
  runDir: z.string().optional(),
  result: z.record(z.string(), z.unknown()).optional(),
  error: z.strictObject({ code: z.string(), message: z.string() }).optional(),
  resumable: z.boolean().optional(),
});
export type JobRecord = z.infer<typeof JobRecord>;

function writeAtomic(path: string, value: unknown): void {
  writeFileSync(`${path}.tmp`, `${JSON.stringify(value, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

/** Marks a match run left `running` by a stopped service as incomplete, keeping everything it recorded. */
function markRunInterrupted(runDir: string): void {
  const file = join(runDir, 'run.json');
  if (!existsSync(file)) return;
  const run = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  if (run.status !== 'running') return;
  const failure = { code: ErrorCode.INTERRUPTED, message: 'the service stopped while this match ran', class: 'infrastructure' };
  writeAtomic(file, { ...run, status: 'incomplete', failure, interruptedAt: new Date().toISOString() });
}

/** Job records on disk, one atomic JSON file each. */
export class JobStore {
  readonly dir: string;
  private readonly jobs = new Map<string, JobRecord>();

  constructor(stateDir: string) {
    this.dir = join(stateDir, 'jobs');
    mkdirSync(this.dir, { recursive: true });
    for (const name of readdirSync(this.dir).filter((n) => n.endsWith('.json')).sort()) {
      const parsed = JobRecord.safeParse(JSON.parse(readFileSync(join(this.dir, name), 'utf8')));
      if (!parsed.success) continue;
      let job = parsed.data;
      if (job.status === 'running') {
        job = { ...job, status: 'interrupted', endedAt: new Date().toISOString(), error: { code: ErrorCode.INTERRUPTED, message: 'the service stopped while this job ran' } };
        if (job.runDir) markRunInterrupted(job.runDir);
        writeAtomic(join(this.dir, name), job);
      }
      this.jobs.set(job.id, job);
    }
  }

  get(id: string): JobRecord | undefined {
    return this.jobs.get(id);
  }

  /** Every job, oldest first. */
  list(): JobRecord[] {
    return [...this.jobs.values()].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** Stores a new job or merges fields into a stored one. */
  put(job: JobRecord): JobRecord {
    this.jobs.set(job.id, job);
    writeAtomic(join(this.dir, `${job.id}.json`), job);
    return job;
  }

  update(id: string, fields: Partial<JobRecord>): JobRecord {
    const job = this.jobs.get(id);
    if (!job) throw new Error(`no job ${id}`);
    return this.put({ ...job, ...fields });
  }
}
