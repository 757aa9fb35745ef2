/**
 * Reading configurations and records from outside (a file, flags, an API body): the one reader of a JSON (or
 * YAML) file, with its one "cannot read" and "is not JSON" errors, and the one format of zod issues in an error.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Yaml from 'yaml';
import type { z } from 'zod';
import { ArenaError, ErrorCode } from './errors.js';
import { suggest } from './suggest.js';

/** yaml's parser, loaded at the first YAML file: the command line's start (`--help`, `games`) loads no YAML. */
function parseYaml(text: string, options: { prettyErrors: boolean }): unknown {
  const yaml = createRequire(import.meta.url)('yaml') as typeof Yaml;
  return yaml.parse(text, options);
}

/** A value's zod issues as one line: `path: message` joined by `; `, `root` standing for the path of the whole value, each path under `under` when given. */
export function formatIssues(error: z.ZodError, root = '(root)', under?: string): string {
  return error.issues.map((i) => `${[...(under === undefined ? [] : [under]), ...i.path.map(String)].join('.') || root}: ${i.message}`).join('; ');
}

/** The issues as data, for an error's `details` (`{path, message}` each). */
export function issueDetails(error: z.ZodError): { path: string[]; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
}

/**
 * The parsed value; `code` (BAD_CONFIG unless said) naming `where` and each bad field otherwise. An unknown key
 * gets the field it may have meant: `renamed` maps names a user types elsewhere (a command's flags) to the field
 * that holds it, else the nearest known key of its object.
 */
export function parseConfig<T>(raw: unknown, schema: z.ZodType<T>, where: string, code: ErrorCode = ErrorCode.BAD_CONFIG, renamed: Readonly<Record<string, string>> = {}): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ArenaError(code, `${where}: ${formatIssues(parsed.error)}${unknownKeyHints(parsed.error, schema, renamed)}`, { cause: parsed.error });
  return parsed.data;
}

/** `; in a configuration 'steps' is 'stepBudget'` or `; did you mean 'agents' for 'agent'?` for each unknown key that has a near field. */
function unknownKeyHints(error: z.ZodError, schema: unknown, renamed: Readonly<Record<string, string>>): string {
  const moved: string[] = [];
  const near: string[] = [];
  for (const issue of error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    const known = keysAt(schema, issue.path);
    for (const key of issue.keys) {
      const field = renamed[key];
      const guess = known === undefined ? undefined : suggest(key, known);
      if (field !== undefined) moved.push(`'${key}' is '${field}'`);
      else if (guess !== undefined && guess !== key) near.push(`did you mean '${guess}' for '${key}'?`);
    }
  }
  return [moved.length === 0 ? '' : `; in a configuration ${moved.join(', ')}`, ...near.map((n) => `; ${n}`)].join('');
}

/** The keys of the object schema at `path` inside `schema` (through optional, default, array and record wrappers), when it is one. */
function keysAt(schema: unknown, path: readonly PropertyKey[]): string[] | undefined {
  let at = unwrap(schema);
  for (const step of path) {
    const shape = (at as { shape?: Record<string, unknown> } | undefined)?.shape;
    const element = (at as { element?: unknown } | undefined)?.element;
    at = unwrap(typeof step === 'number' ? element : shape?.[String(step)]);
  }
  const shape = (at as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape === undefined ? undefined : Object.keys(shape);
}

function unwrap(schema: unknown): unknown {
  let at = schema as { unwrap?: () => unknown; shape?: unknown; element?: unknown } | undefined;
  // zod's optional, nullable and default wrap their schema; an object has a shape, an array its element.
  for (let i = 0; i < 8 && at?.unwrap !== undefined && at.shape === undefined && at.element === undefined; i++) at = at.unwrap() as typeof at;
  return at;
}

/** How a JSON file is read: the error code (BAD_CONFIG unless said) and what the file is called in errors (its path unless said). */
export interface ReadJsonOptions {
  readonly code?: ErrorCode;
  readonly name?: string;
}

/**
 * The JSON value in the file at `path` (YAML for a `.yaml` or `.yml` file, as sweep specs); `code` with
 * `cannot read NAME: ...` when it cannot be read, `NAME is not JSON: ...` (or YAML) with the line when it does not parse.
 */
export function readJsonFile(path: string, options: ReadJsonOptions = {}): unknown {
  const code = options.code ?? ErrorCode.BAD_CONFIG;
  const name = options.name ?? path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ArenaError(code, `cannot read ${name}: ${messageOf(err)}`, { cause: err });
  }
  return /\.ya?ml$/i.test(path) ? parseYamlText(text, name, code) : parseJsonText(text, name, code);
}

/** `text` parsed as YAML; `code` with `NAME is not YAML: ...` (the parser's message names the line and column) when it is not. */
function parseYamlText(text: string, name: string, code: ErrorCode): unknown {
  try {
    return parseYaml(text, { prettyErrors: true });
  } catch (err) {
    throw new ArenaError(code, `${name} is not YAML: ${messageOf(err).split('\n')[0]}`, { cause: err });
  }
}

/** `text` parsed as JSON; `code` (BAD_CONFIG unless said) with `NAME is not JSON: ...` when it is not. */
export function parseJsonText(text: string, name: string, code: ErrorCode = ErrorCode.BAD_CONFIG): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ArenaError(code, `${name} is not JSON: ${withLine(messageOf(err), text)}`, { cause: err });
  }
}

/** A JSON file checked against `schema`: `readJsonFile`, then `code` with `NAME: issues` (`NAME is not a NOUN: issues` given `noun`). */
export function readConfigFile<T>(path: string, schema: z.ZodType<T>, options: ReadJsonOptions & { readonly noun?: string; readonly renamed?: Readonly<Record<string, string>> } = {}): T {
  const name = options.name ?? path;
  return parseConfig(readJsonFile(path, options), schema, options.noun === undefined ? name : `${name} is not ${options.noun}`, options.code, options.renamed);
}

/** JSON.parse's `at position N` as `at line L column C` (a person opens the file at a line, not a character). */
function withLine(message: string, text: string): string {
  const at = /at position (\d+)(?: \(line \d+ column \d+\))?/.exec(message);
  if (at === null) return message;
  const before = text.slice(0, Number(at[1]));
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `${message.slice(0, at.index)}at line ${line} column ${column}${message.slice(at.index + at[0].length)}`;
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
