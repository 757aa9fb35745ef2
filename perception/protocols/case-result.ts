/**
 * One result file per (case, model, protocol): the answer, how it went (outcome class, infrastructure failure
 * class), usage and timings, and each protocol's own record. RESULTS/<protocol>/<model>/<case>.json; a file whose
 * outcome is not an infrastructure failure is complete and is not run again.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { TupleSet } from '../tuple.js';
import { PROTOCOLS } from './task-delivery.js';

/** How a run ended: a scored answer, unreadable output (scored as empty), a budget hit (answer.json scored), or an infrastructure failure (not scored). */
export const OutcomeClass = z.enum(['ok', 'invalid-output', 'budget-bound', 'infrastructure']);
export type OutcomeClass = z.infer<typeof OutcomeClass>;

/** What kind of infrastructure failure: excluded from means, listed with this class, run again on resume. */
export const InfraClass = z.enum(['provider-timeout', 'provider-http', 'provider-connection', 'media-tool', 'sandbox-audit', 'internal']);
export type InfraClass = z.infer<typeof InfraClass>;

/** One tool call of an agentic run. */
export const ToolCallRecord = z.strictObject({
  turn: z.number().int().min(1),
  name: z.string(),
  /** The arguments as parsed, or the raw text when they were not JSON. */
  args: z.unknown(),
  durationMs: z.number().min(0),
  /** Characters of the tool's text result plus bytes of its images. */
  resultBytes: z.number().int().min(0),
  images: z.number().int().min(0),
  /** The tool's error code when it refused the call. */
  error: z.string().optional(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;

/** The pre-run audit of an agentic sandbox: what it held, and that nothing of it is ground truth. */
export const SandboxAudit = z.strictObject({ dir: z.string(), files: z.array(z.strictObject({ name: z.string(), bytes: z.number().int() })), clean: z.boolean(), findings: z.array(z.string()) });
export type SandboxAudit = z.infer<typeof SandboxAudit>;

export const CaseResult = z.strictObject({
  caseId: z.string(),
  game: z.string(),
  model: z.string(),
  baseUrl: z.string(),
  protocol: z.enum(PROTOCOLS),
  startedAt: z.string(),
  finishedAt: z.string(),
  outcome: OutcomeClass,
  infraClass: InfraClass.optional(),
  error: z.strictObject({ code: z.string(), message: z.string(), status: z.number().optional() }).optional(),
  /** Why the output was invalid (invalid-output), or which budget ended the run (budget-bound). */
  reason: z.string().optional(),
  tuples: TupleSet,
  rawAnswer: z.string(),
  usage: z.strictObject({ requests: z.number().int(), tokensIn: z.number(), tokensOut: z.number(), reasoningTokens: z.number() }),
  timings: z.strictObject({ wallMs: z.number(), providerMs: z.number().optional(), ttftMs: z.number().optional(), queueMs: z.number(), retries: z.number().int() }),
  preflight: z.strictObject({ taskSha256: z.string(), schemaSha256: z.string() }),
  native: z.strictObject({ frames: z.number().int(), timestamps: z.array(z.number()), maxWidth: z.number().int(), bytesSent: z.number().int(), finishReason: z.string().optional() }).optional(),
  agentic: z.strictObject({ turns: z.number().int(), maxTurns: z.number().int(), wallClockS: z.number(), finished: z.boolean(), audit: SandboxAudit, toolCalls: z.array(ToolCallRecord) }).optional(),
});
export type CaseResult = z.infer<typeof CaseResult>;

/** A model name as a folder name. */
export function modelSlug(model: string): string {
  return model.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^\.+/, '_');
}

/** Where the result of (case, model, protocol) lives. */
export function resultPath(out: string, protocol: string, model: string, caseId: string): string {
  return join(out, protocol, modelSlug(model), `${caseId}.json`);
}

/** The result at `path` when it is complete (valid and not an infrastructure failure); undefined otherwise. */
export function completeResult(path: string): CaseResult | undefined {
  if (!existsSync(path)) return undefined;
  try {
    const r = CaseResult.parse(JSON.parse(readFileSync(path, 'utf8')));
    return r.outcome === 'infrastructure' ? undefined : r;
  } catch {
    return undefined;
  }
}

/** Writes a result atomically (a reader never sees half a file). */
export function writeResult(path: string, result: CaseResult): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = `${path}.tmp-${process.pid}`;
  writeFileSync(tmp, `${JSON.stringify(result, null, 2)}\n`);
  renameSync(tmp, path);
}

/** Every result file under RESULTS; BAD_RECORD naming a file that is not a valid result. */
export function readResults(out: string): CaseResult[] {
  if (!existsSync(out)) throw new ArenaError(ErrorCode.BAD_RECORD, `${out}: no such results folder`);
  const files: string[] = [];
  for (const protocol of PROTOCOLS) {
    const root = join(out, protocol);
    if (!existsSync(root)) continue;
    for (const model of readdirSync(root, { withFileTypes: true }).filter((e) => e.isDirectory())) {
      for (const f of readdirSync(join(root, model.name)).filter((n) => n.endsWith('.json')).sort()) files.push(join(root, model.name, f));
    }
  }
  return files.map((file) => {
    try {
      return CaseResult.parse(JSON.parse(readFileSync(file, 'utf8')));
    } catch (err) {
      throw new ArenaError(ErrorCode.BAD_RECORD, `${file}: not a case result (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`, { cause: err });
    }
  });
}
