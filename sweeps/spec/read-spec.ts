/** Reads a sweep spec from YAML or JSON; every error names the file, line and field. */
import { readFileSync } from 'node:fs';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import type { z } from 'zod';
import { ArenaError, didYouMean, ErrorCode } from '../../protocol/index.js';
import { specIssues, specParts, type SpecIssue } from './spec-checks.js';
import { AgentItem, EndpointLimits, GameItem, MatchSettings, SweepSpec } from './sweep-spec.js';

export type { SpecIssue } from './spec-checks.js';

/** The spec's text as a document, keeping where each field is for error messages. */
export interface SpecSource {
  readonly file: string;
  readonly doc: Document;
  readonly lines: LineCounter;
}

function lineOf(source: SpecSource, path: readonly (string | number)[]): number | undefined {
  for (let n = path.length; n >= 0; n--) {
    const node = n === 0 ? source.doc.contents : source.doc.getIn(path.slice(0, n), true);
    if (isNode(node) && node.range) return source.lines.linePos(node.range[0]).line;
  }
  return undefined;
}

/** BAD_CONFIG listing each issue as `file:line: field: message`. */
export function specError(source: SpecSource, issues: readonly SpecIssue[]): ArenaError {
  // Every issue at once, in the order of the file's lines.
  const text = issues
    .map((i) => ({ i, line: lineOf(source, i.path) }))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0))
    .map(({ i, line }) => `${source.file}${line === undefined ? '' : `:${line}`}: ${i.path.join('.') || '(root)'}: ${i.message}`);
  return new ArenaError(ErrorCode.BAD_CONFIG, `bad sweep spec\n  ${text.join('\n  ')}`, { details: { issues } });
}

/** What is wrong with an agent kind (undefined for a kind that can be made); the caller passes the agents layer's check. */
export type AgentKindCheck = (kind: string) => string | undefined;

/** Issues for the agents whose kind the check refuses, read from the raw spec so they come with its schema issues. */
function kindIssues(raw: unknown, checkKind: AgentKindCheck | undefined): SpecIssue[] {
  const agents = valueAt(raw, ['agents']);
  if (checkKind === undefined || !Array.isArray(agents)) return [];
  return agents.flatMap((a: unknown, i) => {
    const kind = valueAt(a, ['kind']);
    const problem = typeof kind === 'string' ? checkKind(kind) : undefined;
    const label = valueAt(a, ['label']);
    return problem === undefined ? [] : [{ path: ['agents', i, 'kind'], message: `${typeof label === 'string' ? `${label}: ` : ''}${problem}` }];
  });
}

/**
 * Parses spec text (YAML, or JSON, which is YAML too) into a validated spec. A spec the schema refuses reports, in
 * the same error, every cross-field check its accepted fields allow (unknown games and variants, line-ups, endpoints,
 * latencies, fairness arms; spec-checks.ts), and with `checkKind` its unknown agent kinds.
 */
export function parseSpecText(text: string, file: string, checkKind?: AgentKindCheck): { spec: SweepSpec; source: SpecSource } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const source = { file, doc, lines };
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new ArenaError(ErrorCode.BAD_CONFIG, `bad sweep spec\n  ${file}:${lines.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`);
  }
  const raw: unknown = doc.toJS();
  const parsed = SweepSpec.safeParse(raw);
  if (!parsed.success) throw specError(source, [...parsed.error.issues.flatMap((i) => issuesOf(i, raw)), ...specIssues(specParts(raw)), ...kindIssues(raw, checkKind)]);
  return { spec: parsed.data, source };
}

/** The keys a spec object may have at a path (`agents.0` takes an agent's keys). */
function keysAt(path: readonly (string | number)[]): string[] {
  const [head] = path;
  if (path.length === 0) return Object.keys(SweepSpec.shape);
  if (head === 'match') return Object.keys(MatchSettings.shape);
  if (head === 'agents') return Object.keys(AgentItem.shape);
  if (head === 'games') return Object.keys(GameItem.options[1].shape);
  if (head === 'endpoints') return Object.keys(EndpointLimits.shape);
  if (head === 'budgets') return ['episodes', 'tokens'];
  if (head === 'records') return ['shared'];
  return [];
}

const valueAt = (raw: unknown, path: readonly (string | number)[]): unknown => path.reduce<unknown>((v, k) => (v !== null && typeof v === 'object' ? (v as Record<string | number, unknown>)[k] : undefined), raw);

/** A schema issue as spec issues a user can act on: one per unknown key, with the key it was likely meant to be. */
function issuesOf(i: z.core.$ZodIssue, raw: unknown): SpecIssue[] {
  const path = i.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
  if (i.code === 'unrecognized_keys') {
    const known = keysAt(path);
    return i.keys.map((k) => ({ path: [...path, k], message: `unknown key '${k}'${didYouMean(k, known)}${known.length > 0 ? ` (keys here: ${known.join(', ')})` : ''}` }));
  }
  if (i.code === 'invalid_value') {
    const got = valueAt(raw, path);
    const options = i.values.map(String);
    return [{ path, message: `'${String(got)}' is not one of ${options.join(', ')}${typeof got === 'string' ? didYouMean(got, options) : ''}` }];
  }
  if (i.code === 'invalid_type' && valueAt(raw, path) === undefined) return [{ path, message: `missing: it needs ${i.expected === 'array' ? 'a list' : `a ${i.expected}`}` }];
  return [{ path, message: i.message }];
}

/** Reads and validates a spec file (`checkKind` as for {@link parseSpecText}). */
export function readSpecFile(file: string, checkKind?: AgentKindCheck): { spec: SweepSpec; source: SpecSource } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseSpecText(text, file, checkKind);
}
