/**
 * The results store of a batch: one SQLite file (better-sqlite3, WAL) holding one row per episode id. An
 * outcome is counted once: a second outcome of the same episode (a stalled job replayed elsewhere, a result
 * delivered twice) is ignored, unless it is a newer attempt replacing a failure (--retry-failed).
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { EpisodeJob, EpisodeOutcome } from '../work/episode-job.js';

/** One stored episode. */
export interface StoredEpisode {
  readonly job: EpisodeJob;
  readonly outcome: EpisodeOutcome;
  readonly attempt: number;
  readonly finishedAt: string;
}

/** The file name of the store inside a batch folder. */
export const STORE_FILE = 'results.sqlite';

export class ResultsStore {
  private readonly db: Database.Database;

  constructor(readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = FULL');
    this.db.pragma('busy_timeout = 5000');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS episodes (
        id TEXT PRIMARY KEY, cell TEXT NOT NULL, attempt INTEGER NOT NULL, status TEXT NOT NULL, class TEXT,
        tokens INTEGER NOT NULL, job TEXT NOT NULL, outcome TEXT NOT NULL, finished_at TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS journal (id TEXT NOT NULL, attempt INTEGER NOT NULL, worker TEXT NOT NULL, started_at TEXT NOT NULL, PRIMARY KEY (id, attempt));
    `);
  }

  /** Stores `outcome` of attempt `attempt`; true when it counted (a new episode or a newer attempt over a failure). */
  record(job: EpisodeJob, outcome: EpisodeOutcome, attempt: number): boolean {
    const tokens = outcome.players.reduce((n, p) => n + p.tokensIn + p.tokensOut, 0);
    const row = { id: job.id, cell: job.cell, attempt, status: outcome.status, class: outcome.failure?.class ?? null, tokens, job: JSON.stringify(job), outcome: JSON.stringify(outcome), finished_at: new Date().toISOString() };
    const result = this.db
      .prepare(
        `INSERT INTO episodes (id, cell, attempt, status, class, tokens, job, outcome, finished_at)
         VALUES (@id, @cell, @attempt, @status, @class, @tokens, @job, @outcome, @finished_at)
         ON CONFLICT(id) DO UPDATE SET attempt = excluded.attempt, status = excluded.status, class = excluded.class, tokens = excluded.tokens,
           job = excluded.job, outcome = excluded.outcome, finished_at = excluded.finished_at
         WHERE episodes.status = 'failed' AND excluded.attempt > episodes.attempt`,
      )
      .run(row);
    return result.changes > 0;
  }

  /** Notes that an attempt started (the journal: what was in flight when a process died). */
  started(id: string, attempt: number, worker: string): void {
    this.db.prepare('INSERT OR IGNORE INTO journal (id, attempt, worker, started_at) VALUES (?, ?, ?, ?)').run(id, attempt, worker, new Date().toISOString());
  }

  /** Attempts that started and have no stored outcome: what a killed run left in flight. */
  interrupted(): string[] {
    return (this.db.prepare('SELECT DISTINCT j.id FROM journal j LEFT JOIN episodes e ON e.id = j.id AND e.attempt >= j.attempt WHERE e.id IS NULL').all() as { id: string }[]).map((r) => r.id);
  }

  /** Status, class and attempt of every stored episode, by id. */
  states(): Map<string, { status: string; class: string | null; attempt: number }> {
    const rows = this.db.prepare('SELECT id, status, class, attempt FROM episodes').all() as { id: string; status: string; class: string | null; attempt: number }[];
    return new Map(rows.map((r) => [r.id, { status: r.status, class: r.class, attempt: r.attempt }]));
  }

  /** Status, class and attempt of one stored episode. */
  state(id: string): { status: string; class: string | null; attempt: number } | undefined {
    return this.db.prepare('SELECT status, class, attempt FROM episodes WHERE id = ?').get(id) as { status: string; class: string | null; attempt: number } | undefined;
  }

  /** Every stored episode in id order. */
  all(): StoredEpisode[] {
    const rows = this.db.prepare('SELECT job, outcome, attempt, finished_at FROM episodes ORDER BY id').all() as { job: string; outcome: string; attempt: number; finished_at: string }[];
    return rows.map((r) => ({ job: EpisodeJob.parse(JSON.parse(r.job)), outcome: EpisodeOutcome.parse(JSON.parse(r.outcome)), attempt: r.attempt, finishedAt: r.finished_at }));
  }

  /** Episodes and model tokens stored so far. */
  totals(): { episodes: number; tokens: number } {
    const r = this.db.prepare('SELECT COUNT(*) AS n, COALESCE(SUM(tokens), 0) AS t FROM episodes').get() as { n: number; t: number };
    return { episodes: r.n, tokens: r.t };
  }

  setMeta(key: string, value: unknown): void {
    this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(key, JSON.stringify(value));
  }

  getMeta(key: string): unknown {
    const r = this.db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined;
    return r === undefined ? undefined : (JSON.parse(r.value) as unknown);
  }

  close(): void {
    this.db.close();
  }
}
