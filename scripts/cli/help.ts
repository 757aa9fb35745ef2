/** Help text, generated from the command table and each command's flag table (never written by hand). */
import { EXIT_CODES } from '../cli-error.js';
import { HELP_FLAG, type CommandSpec, type FlagSpec } from './flags.js';

const typeWord = (spec: FlagSpec): string => (spec.type === 'boolean' ? 'switch' : (spec.kind ?? 'text'));

function flagLine(name: string, spec: FlagSpec): [string, string, string] {
  const left = `${name === 'help' ? '-h, ' : ''}--${name}${spec.type === 'string' ? ` ${spec.arg ?? 'VALUE'}` : ''}`;
  const def = spec.default !== undefined ? spec.default : spec.defaultText;
  return [left, typeWord(spec), `${spec.description}${def === undefined ? '' : ` (default: ${def})`}`];
}

function columns(rows: readonly (readonly string[])[], indent = '  '): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => `${indent}${r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]! + 2))).join('')}`.trimEnd());
}

/** The exit-code table as lines. */
export function exitCodeLines(): string[] {
  return columns(EXIT_CODES.map((e) => [String(e.code), e.when]));
}

/** `arena <name> --help`: usage, every flag with its type, default and meaning, notes, examples and exit codes. */
export function commandHelp(name: string, summary: string, spec: CommandSpec): string {
  const flags = Object.entries(spec.flags);
  const lines = [
    `arena ${name}: ${summary}`,
    '',
    `usage: arena ${name}${flags.length > 0 ? ' [flags]' : ''}${spec.operands ? ` ${spec.operands.name}` : ''}`,
    ...(spec.operands ? ['', `  ${spec.operands.name}: ${spec.operands.description}`] : []),
    '',
    'flags:',
    ...columns([...flags.map(([n, s]) => flagLine(n, s)), flagLine('help', HELP_FLAG)]),
    ...(spec.notes && spec.notes.length > 0 ? ['', ...spec.notes] : []),
    '',
    'examples:',
    ...spec.examples.map((e) => `  ${e}`),
    '',
    'exit codes:',
    ...exitCodeLines(),
    '',
  ];
  return lines.join('\n');
}

/** `arena help`: every command with its one-line summary, and the exit codes. */
export function mainHelp(commands: readonly { readonly name: string; readonly summary: string }[]): string {
  return [
    'arena: a real-time game gateway for VLM agents',
    '',
    'usage: arena <command> [flags]     arena <command> --help (or -h) lists that command\'s flags and examples',
    '',
    'commands:',
    ...columns(commands.map((c) => [c.name, c.summary])),
    '',
    'exit codes:',
    ...exitCodeLines(),
    '',
    'See docs/cli.md for every command and docs/architecture.md for how the code is laid out.',
    '',
  ].join('\n');
}
