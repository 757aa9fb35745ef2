/**
 * Reading configurations and records from outside (a file, flags, an API body): the one reader of a JSON
 * file, with its one "cannot read" and "is not JSON" errors, and the one format of zod issues in an error.
 */
import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { ArenaError, ErrorCode } from './errors.js';

/** A value's zod issues as one line: `path: message` joined by `; `, `root` standing for the path of the whole value, each path under `under` when given. */
export function formatIssues(error: z.ZodError, root = '(root)', under?: string): string {
  return error.issues.map((i) => `${[...(under === undefined ? [] : [under]), ...i.path.map(String)].join('.') || root}: ${i.message}`).join('; ');
}

/** The issues as data, for an error's `details` (`{path, message}` each). */
export function issueDetails(error: z.ZodError): { path: string[]; message: string }[] {
  return error.issues.map((i) => ({ path: i.path.map(String), message: i.message }));
}

/** The parsed value; `code` (BAD_CONFIG unless said) naming `where` and each bad field otherwise. */
export function parseConfig<T>(raw: unknown, schema: z.ZodType<T>, where: string, code: ErrorCode = ErrorCode.BAD_CONFIG): T {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw new ArenaError(code, `${where}: ${formatIssues(parsed.error)}`, { cause: parsed.error });
  return parsed.data;
}

/** How a JSON file is read: the error code (BAD_CONFIG unless said) and what the file is called in errors (its path unless said). */
export interface ReadJsonOptions {
  readonly code?: ErrorCode;
  readonly name?: string;
}

/** The JSON value in the file at `path`; `code` with `cannot read NAME: ...` when it cannot be read, `NAME is not JSON: ...` when it is not JSON. */
export function readJsonFile(path: string, options: ReadJsonOptions = {}): unknown {
  const code = options.code ?? ErrorCode.BAD_CONFIG;
  const name = options.name ?? path;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (err) {
    throw new ArenaError(code, `cannot read ${name}: ${messageOf(err)}`, { cause: err });
  }
  return parseJsonText(text, name, code);
}

/** `text` parsed as JSON; `code` (BAD_CONFIG unless said) with `NAME is not JSON: ...` when it is not. */
export function parseJsonText(text: string, name: string, code: ErrorCode = ErrorCode.BAD_CONFIG): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    throw new ArenaError(code, `${name} is not JSON: ${messageOf(err)}`, { cause: err });
  }
}

/** A JSON file checked against `schema`: `readJsonFile`, then `code` with `NAME: issues` (`NAME is not a NOUN: issues` given `noun`). */
export function readConfigFile<T>(path: string, schema: z.ZodType<T>, options: ReadJsonOptions & { readonly noun?: string } = {}): T {
  const name = options.name ?? path;
  return parseConfig(readJsonFile(path, options), schema, options.noun === undefined ? name : `${name} is not ${options.noun}`, options.code);
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
