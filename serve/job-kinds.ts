/**
 * The kinds of work the service runs (match, tournament, curve, sweep...): each is a zod schema for its
 * configuration plus a runner. The composition root (`arena serve` in scripts/) registers them, so a new kind
 * plugs in without touching the service.
 */
import type { z } from 'zod';
import type { AgentLinkServer, MatchObserver } from '../gateway/index.js';

/** What a running job reports when it ends. */
export interface JobOutcome {
  readonly status: 'complete' | 'failed' | 'cancelled';
  /** Kind-specific result (a match's result, a tournament's standings file...). */
  readonly result?: Readonly<Record<string, unknown>>;
  readonly error?: { readonly code: string; readonly message: string };
}

/** What the service gives a job as it starts. */
export interface JobContext {
  readonly id: string;
  /** The service's runs directory. */
  readonly runsDir: string;
  /** A directory of the job's own (for tournament tables, curve state, logs). */
  readonly jobDir: string;
  /** Aborted when the job is cancelled or the service stops. */
  readonly signal: AbortSignal;
  /** Watches the job's match (the spectator hub); matches pass it to runMatch. */
  readonly observer: MatchObserver;
  /** Merges fields into the job's stored record (run id, progress, tokens for remote agents). */
  update(fields: Readonly<Record<string, unknown>>): void;
}

/** A checked, ready-to-run job: what `prepare` returns after validating a configuration. */
export interface PreparedJob {
  /** Fields shown in the job's record at once (e.g. remote agents' slot tokens). */
  readonly info?: Readonly<Record<string, unknown>>;
  run(ctx: JobContext): Promise<JobOutcome>;
}

/** Another job of the service, as a kind that builds on it sees it (a transfer sees its curve). */
export interface OtherJob {
  readonly kind: string;
  readonly status: string;
  readonly config: unknown;
  /** Its own directory (what its command wrote). */
  readonly dir: string;
}

/** What a kind's `prepare` gets: the job's id and directories, whether it resumes, the service's AgentLink for remote agents, and the other jobs by id. */
export interface PrepareContext {
  readonly id: string;
  readonly runsDir: string;
  readonly jobDir: string;
  readonly resume: boolean;
  readonly agentLink: AgentLinkServer;
  /** The service's job `id`, if there is one. */
  job(id: string): OtherJob | undefined;
}

/** One kind of job. */
export interface JobKind<C = unknown> {
  /** Singular name (`match`); the API path is `/api/<plural>`. */
  readonly kind: string;
  readonly plural: string;
  readonly schema: z.ZodType<C>;
  /** Whether a job of this kind streams frames to spectators. */
  readonly spectatable: boolean;
  /** Whether an interrupted job can be run again where it stopped. */
  readonly resumable: boolean;
  /** Validates beyond the schema (unknown game, agent, variant: the CLI's codes) and readies the job; throws ArenaError. */
  prepare(config: C, ctx: PrepareContext): Promise<PreparedJob>;
}

/** The kinds a service runs, by name and by API path. */
export class JobKinds {
  private readonly byKind = new Map<string, JobKind>();

  register<C>(kind: JobKind<C>): this {
    if (this.byKind.has(kind.kind)) throw new Error(`job kind '${kind.kind}' is registered twice`);
    this.byKind.set(kind.kind, kind);
    return this;
  }

  get(kind: string): JobKind | undefined {
    return this.byKind.get(kind);
  }

  byPlural(plural: string): JobKind | undefined {
    return [...this.byKind.values()].find((k) => k.plural === plural);
  }

  list(): readonly JobKind[] {
    return [...this.byKind.values()];
  }
}
