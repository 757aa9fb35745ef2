/**
 * Reads a run directory through the run-record schema: `run.json` strictly (a bad one is BAD_RECORD),
 * JSON-lines files line by line (a torn last line is skipped, a line that breaks the schema is an error
 * naming the file and line).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { z } from 'zod';
import { ArenaError, ErrorCode, formatIssues, readJsonFile } from '../../protocol/index.js';
import { readJsonl } from './replay.js';
import { DecisionRecord, EventRecord, LedgerRecord, ProgressRecord, RunJson, StateLineRecord } from './run-record-schema.js';

function issues(error: z.ZodError): string {
  return formatIssues(error, '(line)');
}

/** Parses `run.json` of `dir`; BAD_RECORD when it is missing or does not fit the schema. */
export function readRunJson(dir: string): RunJson {
  const path = join(dir, 'run.json');
  if (!existsSync(path)) throw new ArenaError(ErrorCode.BAD_RECORD, `${path} does not exist`);
  const parsed = RunJson.safeParse(readJsonFile(path, { code: ErrorCode.BAD_RECORD }));
  if (!parsed.success) throw new ArenaError(ErrorCode.BAD_RECORD, `${path}: ${issues(parsed.error)}`);
  return parsed.data;
}

/** Parses every line of a JSON-lines file of a run with `schema`; BAD_RECORD naming the first bad line. */
export function readRecordLines<T>(path: string, schema: z.ZodType<T>): T[] {
  return readJsonl<unknown>(path).map((line, i) => {
    const parsed = schema.safeParse(line);
    if (!parsed.success) throw new ArenaError(ErrorCode.BAD_RECORD, `${path} line ${i + 1}: ${issues(parsed.error)}`);
    return parsed.data;
  });
}

/** Everything a run directory holds, parsed. */
export interface RunRecord {
  readonly dir: string;
  readonly run: RunJson;
  readonly decisions: DecisionRecord[];
  readonly ledger: LedgerRecord[];
  readonly events: EventRecord[];
  readonly progress: ProgressRecord[];
  /** `state.jsonl`, the reference games' perception stream; undefined for runs without one (other games, older runs). */
  readonly state: StateLineRecord[] | undefined;
}

/** Reads a whole run directory through the schema. */
export function readRunRecord(dir: string): RunRecord {
  return {
    dir,
    run: readRunJson(dir),
    decisions: readRecordLines(join(dir, 'decisions.jsonl'), DecisionRecord),
    ledger: readRecordLines(join(dir, 'ledger.jsonl'), LedgerRecord),
    events: readRecordLines(join(dir, 'events.jsonl'), EventRecord),
    progress: readRecordLines(join(dir, 'progress.jsonl'), ProgressRecord),
    state: readStateLines(dir),
  };
}

/** Parses `state.jsonl` of `dir`, or undefined when the run has none. */
export function readStateLines(dir: string): StateLineRecord[] | undefined {
  const path = join(dir, 'state.jsonl');
  return existsSync(path) ? readRecordLines(path, StateLineRecord) : undefined;
}

/** A decision the record's queue was given and had not written when the run stopped (a kill, a stalled disk). */
export interface InFlightRecord {
  readonly slot: number;
  readonly step: number;
  /** The frame it would have written (under `frames/`), when it had one. */
  readonly frame?: string;
}

/**
 * The decisions in flight when the run stopped: those `in-flight.jsonl` names (the recorder's journal of jobs
 * given to its queue) without a line in `decisions.jsonl`. Empty for a run that closed with every job written
 * (its journal is removed then) and for runs recorded before the journal existed.
 */
export function recordsInFlight(dir: string): InFlightRecord[] {
  const path = join(dir, 'in-flight.jsonl');
  if (!existsSync(path)) return [];
  const written = new Set(readJsonl<{ slot: number; step: number }>(join(dir, 'decisions.jsonl')).map((d) => `${d.slot}:${d.step}`));
  return readJsonl<InFlightRecord>(path).filter((j) => typeof j.step === 'number' && !written.has(`${j.slot}:${j.step}`));
}
