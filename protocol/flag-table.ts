/**
 * Flag tables: one per command and per kind of work whose configuration is its flags; the command line parses
 * argv with it, the service a flags object (plans/jobs/flag-config.ts), and `--help` prints it. One flag table per command: the parser reads it and `--help` prints it, so the two cannot drift. Parsing is
 * node:util's parseArgs underneath; every mistake (an unknown flag, a switch given a value, a missing value, a
 * value that is not a number where one is wanted, a stray argument) is BAD_CONFIG naming the flag, with the
 * nearest known flag for an unknown one.
 */
import { parseArgs } from 'node:util';
import { usage } from './errors.js';
import { suggest } from './suggest.js';

/** One flag: a switch (`boolean`) or a flag with a value (`string`, checked further by `kind`). */
export interface FlagSpec {
  readonly type: 'string' | 'boolean';
  /** A value that must be a non-negative number (`number`) or whole number (`integer`); checked before the command runs. */
  readonly kind?: 'number' | 'integer';
  /** The value's placeholder in help, e.g. `GAME` or `HOST:PORT`. */
  readonly arg?: string;
  /** The value when the flag is left out (a switch is false then). */
  readonly default?: string;
  /** A default that depends on something else, in words ("the game's step budget"). */
  readonly defaultText?: string;
  /** One line: what the flag does. */
  readonly description: string;
}

/** A command's flags by name (without the leading `--`). */
export type FlagTable = Readonly<Record<string, FlagSpec>>;

/** The parsed values of a flag table: switches are booleans, flags with a default strings, the rest optional strings. */
export type FlagValues<T extends FlagTable> = {
  -readonly [K in keyof T]: T[K]['type'] extends 'boolean' ? boolean : T[K] extends { readonly default: string } ? string : string | undefined;
};

/** The flag every command has. */
export const HELP_FLAG: FlagSpec = { type: 'boolean', description: 'print this command\'s flags and examples' };

/** True when `argv` asks for help (`--help` or `-h` before any `--`). */
export function wantsHelp(argv: readonly string[]): boolean {
  const end = argv.indexOf('--');
  return (end < 0 ? argv : argv.slice(0, end)).some((a) => a === '--help' || a === '-h');
}

/** A number flag's value as a number (undefined when left out); BAD_CONFIG unless it is a non-negative number. */
export function num(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw usage(`--${flag} takes a non-negative number (got '${value}')`);
  return n;
}

/** A whole-number flag's value within [min, max]; undefined when not given; BAD_CONFIG otherwise. */
export function intFlag(value: string | undefined, flag: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw usage(`--${flag} takes a whole number from ${min} to ${max} (got '${value}')`);
  return n;
}

function checkValue(name: string, spec: FlagSpec, value: string): void {
  if (spec.kind === undefined) return;
  const n = Number(value);
  const whole = spec.kind === 'integer';
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || (whole && !Number.isInteger(n))) throw usage(`--${name} takes a non-negative ${whole ? 'whole number' : 'number'} (got '${value}')`);
}

/** Parses `argv` against `flags` for `arena <command>`, with the names of the flags given; BAD_CONFIG on any mistake (see the file comment). */
export function parseFlags<T extends FlagTable>(command: string, flags: T, argv: readonly string[], operands = false): { values: FlagValues<T>; operands: string[]; given: ReadonlySet<string> } {
  const options = Object.fromEntries(Object.entries(flags).map(([name, spec]) => [name, { type: spec.type }]));
  const { tokens } = parseArgs({ args: [...argv], options: { ...options, help: { type: 'boolean', short: 'h' } }, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | boolean | undefined> = {};
  for (const [name, spec] of Object.entries(flags)) values[name] = spec.type === 'boolean' ? false : spec.default;
  const rest: string[] = [];
  const given = new Set<string>();
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!operands) throw usage(`arena ${command} takes no arguments besides flags (got '${token.value}'); see arena ${command} --help`);
      rest.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    if (token.name === 'help') continue;
    const spec = Object.hasOwn(flags, token.name) ? flags[token.name] : undefined;
    if (spec === undefined) {
      const near = suggest(token.name, Object.keys(flags));
      throw usage(`unknown flag ${token.rawName} for arena ${command}${near ? `; did you mean --${near}?` : ''} (arena ${command} --help lists the flags)`);
    }
    given.add(token.name);
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw usage(`--${token.name} is a switch and takes no value (got '${token.value}')`);
      values[token.name] = true;
      continue;
    }
    // A negative number is a value (checked below, so `--steps -3` says what is wrong with it); another `-x` is the next flag.
    const negative = token.value !== undefined && /^-\d/.test(token.value);
    if (token.value === undefined || (token.value.startsWith('-') && !token.inlineValue && !negative)) throw usage(`--${token.name} needs a value: --${token.name} ${spec.arg ?? 'VALUE'}`);
    checkValue(token.name, spec, token.value);
    values[token.name] = token.value;
  }
  return { values: values as FlagValues<T>, operands: rest, given };
}
