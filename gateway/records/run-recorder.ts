/**
 * Writes a run directory as the match goes: `run.json` (config, versions, status, result), append-only
 * `ledger.jsonl`, `decisions.jsonl`, `events.jsonl`, `progress.jsonl`, decision frames under `frames/`,
 * `state.jsonl` (a reference game's tracked state, opened at its first line, only ever read by perception tools),
 * and at the end a replay strip (`replay.jpg`) and page (`replay.html`). A run that fails stays readable:
 * its `run.json` says `incomplete` with the failure's code and class. A write the disk refuses (full,
 * read-only, I/O error) stops every later write and is told to the match (`onWriteFailure`), which ends with
 * RECORD_WRITE_FAILED; `run.reserve`, room kept from the start, is given back so that run.json can still be closed.
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArenaError } from '../../protocol/index.js';
import { JsonlWriter, type WriteSink } from './jsonl-writer.js';
import { RecordQueue, type JobLabel, type RecordQueueLimits } from './record-queue.js';
import { isDiskFailure, makeDirs, recordWriteFailure } from './record-write-failure.js';

/** Bytes kept on disk from a run's start (`run.reserve`) and freed to close its run.json when the disk fills. */
export const RECORD_RESERVE_BYTES = 64 * 1024;

/** The journal of decisions given to the record's queue, kept while the match runs. */
export const IN_FLIGHT_FILE = 'in-flight.jsonl';

export type RunStatus = 'running' | 'complete' | 'incomplete';
/** What to do about a failed run: infrastructure failures are worth rerunning; agent failures are results. */
export type FailureClass = 'infrastructure' | 'agent' | 'aborted' | 'internal';

export function classifyFailure(err: ArenaError): FailureClass {
  switch (err.code) {
    case 'GAME_CRASHED':
    case 'GAME_TIMEOUT':
    case 'PROVIDER_TIMEOUT':
    case 'PROVIDER_ERROR':
    case 'MODEL_EMPTY':
    case 'STALE_FRAME':
    case 'RECORD_WRITE_FAILED':
    case 'RECORD_STALLED':
      return 'infrastructure';
    case 'AGENT_GONE':
    case 'AGENT_TIMEOUT':
      return 'agent';
    case 'ABORTED':
      return 'aborted';
    default:
      return 'internal';
  }
}

export interface RunFiles {
  readonly dir: string;
  readonly ledger: JsonlWriter;
  readonly decisions: JsonlWriter;
  readonly events: JsonlWriter;
  readonly progress: JsonlWriter;
  /** `state.jsonl`, once the game has reported tracked state. */
  state?: JsonlWriter;
  /** `in-flight.jsonl`, the decisions given to the record's queue (`noteInFlight`). */
  inFlight?: JsonlWriter;
}

export class RunRecorder implements WriteSink {
  readonly files: RunFiles;
  /** The bounded queue the decision records and state lines are written through, off the decision's path. */
  readonly queue: RecordQueue;
  private meta: Record<string, unknown>;
  /** The first write the disk refused, as RECORD_WRITE_FAILED; nothing is written after it but the closing run.json. */
  private writeError: ArenaError | undefined;
  private readonly listeners: ((err: ArenaError) => void)[] = [];

  constructor(readonly dir: string, meta: Record<string, unknown>, queueLimits?: RecordQueueLimits) {
    this.queue = new RecordQueue(queueLimits);
    this.meta = { ...meta, status: 'running' satisfies RunStatus, startedAt: new Date().toISOString() };
    try {
      makeDirs(join(dir, 'frames'));
      writeFileSync(join(dir, 'run.reserve'), Buffer.alloc(RECORD_RESERVE_BYTES));
      this.writeMeta();
      this.files = {
        dir,
        ledger: new JsonlWriter(join(dir, 'ledger.jsonl'), this),
        decisions: new JsonlWriter(join(dir, 'decisions.jsonl'), this),
        events: new JsonlWriter(join(dir, 'events.jsonl'), this),
        progress: new JsonlWriter(join(dir, 'progress.jsonl'), this),
      };
    } catch (err) {
      // Nothing can be recorded: the match does not start, and the caller prints the code.
      throw isDiskFailure(err) ? recordWriteFailure(err, dir) : err;
    }
  }

  /** The disk's refusal that ended the record, once there was one. */
  get writeFailure(): ArenaError | undefined {
    return this.writeError;
  }

  /** Calls `listener` once, at the first write the disk refuses. */
  onWriteFailure(listener: (err: ArenaError) => void): void {
    this.listeners.push(listener);
  }

  /** The slot and step of the newest decision line written whole, for a record the disk cut short. */
  lastDecision(): { slot: unknown; step: unknown } | undefined {
    const last = this.files.decisions.last;
    return last === undefined ? undefined : { slot: last['slot'], step: last['step'] };
  }

  /** `WriteSink`: whether a write already failed. */
  blocked(): boolean {
    return this.writeError !== undefined;
  }

  /** `WriteSink`: keeps the first disk failure and tells the listeners; any other error is thrown again. */
  failed(err: unknown): void {
    if (!isDiskFailure(err)) throw err;
    if (this.writeError !== undefined) return;
    this.writeError = recordWriteFailure(err, this.dir);
    for (const listener of this.listeners) listener(this.writeError);
  }

  /** Appends a line to `state.jsonl`, opening it at the first: through the queue, behind the decision lines before it. */
  appendState(line: Record<string, unknown>): void {
    this.queue.runSync({}, () => this.writeState(line));
  }

  /**
   * Notes a decision given to the queue in `in-flight.jsonl` (one line, written now), so a run killed before
   * the queue wrote it says which decisions and frames were lost (`recordsInFlight`). Removed once every
   * job is written and the run closes.
   */
  noteInFlight(label: JobLabel): void {
    this.files.inFlight ??= new JsonlWriter(join(this.dir, IN_FLIGHT_FILE), this);
    this.files.inFlight.append(label);
  }

  /** Appends a line to `state.jsonl` now (a job of the queue). */
  writeState(line: Record<string, unknown>): void {
    if (this.blocked()) return;
    try {
      this.files.state ??= new JsonlWriter(join(this.dir, 'state.jsonl'), this);
    } catch (err) {
      this.failed(err);
      return;
    }
    this.files.state.append(line);
  }

  /** Stores a decision frame without blocking; resolves to its path relative to the run directory once written. */
  async writeFrame(name: string, bytes: Uint8Array): Promise<string> {
    if (this.writeError !== undefined) throw this.writeError;
    const rel = join('frames', name);
    try {
      await writeFile(join(this.dir, rel), bytes);
    } catch (err) {
      this.failed(err);
      throw err;
    }
    return rel;
  }

  /** Merges fields into run.json and rewrites it atomically (after a disk failure, only at `finish`). */
  update(fields: Record<string, unknown>): void {
    this.meta = { ...this.meta, ...fields };
    if (this.blocked()) return;
    try {
      this.writeMeta();
    } catch (err) {
      this.failed(err);
    }
  }

  /**
   * Closes the record: every file, and run.json with `fields` and `status`. After a disk failure the reserve
   * is freed first and run.json is written in place if its atomic rewrite fails; throws RECORD_WRITE_FAILED
   * when even that cannot be written. The journal of jobs in flight goes when all were written (`written`).
   */
  finish(status: Exclude<RunStatus, 'running'>, fields: Record<string, unknown>, written = true): void {
    this.meta = { ...this.meta, ...fields, status, endedAt: new Date().toISOString() };
    for (const w of Object.values(this.files)) if (w instanceof JsonlWriter) w.close();
    rmSync(join(this.dir, 'run.reserve'), { force: true });
    try {
      this.writeMeta();
    } catch (err) {
      if (!isDiskFailure(err)) throw err;
      rmSync(join(this.dir, 'run.json.tmp'), { force: true });
      try {
        // Rewritten in place: truncating the old run.json frees its blocks for the new one.
        writeFileSync(join(this.dir, 'run.json'), `${JSON.stringify(this.meta)}\n`);
      } catch (again) {
        throw this.writeError ?? recordWriteFailure(again, this.dir);
      }
    }
    if (written && this.files.inFlight) rmSync(this.files.inFlight.path, { force: true });
  }

  private writeMeta(): void {
    const tmp = join(this.dir, 'run.json.tmp');
    writeFileSync(tmp, `${JSON.stringify(this.meta, null, 2)}\n`);
    renameSync(tmp, join(this.dir, 'run.json'));
  }
}
