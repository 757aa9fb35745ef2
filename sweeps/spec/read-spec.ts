/** Reads a sweep spec from YAML or JSON; every error names the file, line and field. */
import { readFileSync } from 'node:fs';
import { isNode, LineCounter, parseDocument, type Document } from 'yaml';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import { SweepSpec } from './sweep-spec.js';

/** A problem found in a spec, at a path of its fields. */
export interface SpecIssue {
  readonly path: readonly (string | number)[];
  readonly message: string;
}

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
  const text = issues.map((i) => {
    const line = lineOf(source, i.path);
    return `${source.file}${line === undefined ? '' : `:${line}`}: ${i.path.join('.') || '(root)'}: ${i.message}`;
  });
  return new ArenaError(ErrorCode.BAD_CONFIG, `bad sweep spec\n  ${text.join('\n  ')}`, { details: { issues } });
}

/** Parses spec text (YAML, or JSON, which is YAML too) into a validated spec. */
export function parseSpecText(text: string, file: string): { spec: SweepSpec; source: SpecSource } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false });
  const source = { file, doc, lines };
  if (doc.errors.length > 0) {
    const e = doc.errors[0]!;
    throw new ArenaError(ErrorCode.BAD_CONFIG, `bad sweep spec\n  ${file}:${lines.linePos(e.pos[0]).line}: ${e.message.split('\n')[0]}`);
  }
  const parsed = SweepSpec.safeParse(doc.toJS());
  if (!parsed.success) throw specError(source, parsed.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === 'symbol' ? String(p) : p)), message: i.message })));
  return { spec: parsed.data, source };
}

/** Reads and validates a spec file. */
export function readSpecFile(file: string): { spec: SweepSpec; source: SpecSource } {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `cannot read ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  return parseSpecText(text, file);
}
