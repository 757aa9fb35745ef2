/**
 * Writes a run directory as the match goes: `run.json` (config, versions, status, result), append-only
 * `ledger.jsonl`, `decisions.jsonl`, `events.jsonl`, `progress.jsonl`, decision frames under `frames/`,
 * `state.jsonl` (a reference game's tracked state, opened at its first line, only ever read by perception tools),
 * and at the end a replay strip (`replay.jpg`) and page (`replay.html`). A run that fails stays readable:
 * its `run.json` says `incomplete` with the failure's code and class.
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ArenaError } from '../../protocol/index.js';
import { JsonlWriter } from './jsonl-writer.js';
import { RecordQueue, type JobLabel, type RecordQueueLimits } from './record-queue.js';

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

export class RunRecorder {
  readonly files: RunFiles;
  /** The bounded queue the decision records and state lines are written through, off the decision's path. */
  readonly queue: RecordQueue;
  private meta: Record<string, unknown>;

  constructor(readonly dir: string, meta: Record<string, unknown>, queueLimits?: RecordQueueLimits) {
    this.queue = new RecordQueue(queueLimits);
    mkdirSync(join(dir, 'frames'), { recursive: true });
    this.meta = { ...meta, status: 'running' satisfies RunStatus, startedAt: new Date().toISOString() };
    this.writeMeta();
    this.files = {
      dir,
      ledger: new JsonlWriter(join(dir, 'ledger.jsonl')),
      decisions: new JsonlWriter(join(dir, 'decisions.jsonl')),
      events: new JsonlWriter(join(dir, 'events.jsonl')),
      progress: new JsonlWriter(join(dir, 'progress.jsonl')),
    };
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
    this.files.inFlight ??= new JsonlWriter(join(this.dir, IN_FLIGHT_FILE));
    this.files.inFlight.append(label);
  }

  /** Appends a line to `state.jsonl` now (a job of the queue). */
  writeState(line: Record<string, unknown>): void {
    this.files.state ??= new JsonlWriter(join(this.dir, 'state.jsonl'));
    this.files.state.append(line);
  }

  /** Stores a decision frame without blocking; resolves to its path relative to the run directory once written. */
  async writeFrame(name: string, bytes: Uint8Array): Promise<string> {
    const rel = join('frames', name);
    await writeFile(join(this.dir, rel), bytes);
    return rel;
  }

  /** Merges fields into run.json and rewrites it atomically. */
  update(fields: Record<string, unknown>): void {
    this.meta = { ...this.meta, ...fields };
    this.writeMeta();
  }

  /** Closes the run: run.json gets its end, every file is closed, and the journal of jobs in flight goes when all were written (`complete`). */
  finish(status: Exclude<RunStatus, 'running'>, fields: Record<string, unknown>, written = true): void {
    this.update({ ...fields, status, endedAt: new Date().toISOString() });
    for (const w of Object.values(this.files)) if (w instanceof JsonlWriter) w.close();
    if (written && this.files.inFlight) rmSync(this.files.inFlight.path, { force: true });
  }

  private writeMeta(): void {
    const tmp = join(this.dir, 'run.json.tmp');
    writeFileSync(tmp, `${JSON.stringify(this.meta, null, 2)}\n`);
    renameSync(tmp, join(this.dir, 'run.json'));
  }
}
