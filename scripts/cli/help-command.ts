/** `arena help [COMMAND]`: the command list, or one command's help. */
import { usage } from '../cli-error.js';
import { COMMANDS, type CommandEntry } from './command-table.js';
import { parseFlags, type CommandSpec } from './flags.js';
import { commandHelp, mainHelp } from './help.js';
import { suggest } from './suggest.js';

/** The entry named `name`; BAD_CONFIG with the nearest command name otherwise. */
export function findCommand(name: string): CommandEntry {
  const entry = COMMANDS.find((c) => c.name === name);
  if (entry) return entry;
  const near = suggest(name, COMMANDS.map((c) => c.name));
  throw usage(`unknown command '${name}'${near ? `; did you mean '${near}'?` : ''} (arena help lists the commands)`);
}

/** The help text of one command. */
export async function helpOf(entry: CommandEntry): Promise<string> {
  return commandHelp(entry.name, entry.summary, await entry.load());
}

export const helpCli: CommandSpec = {
  flags: {},
  operands: { name: '[COMMAND]', description: 'a command to describe (the same as arena COMMAND --help)' },
  examples: ['arena help', 'arena help match'],
  run: async (argv) => {
    const { operands } = parseFlags('help', {}, argv, true);
    if (operands.length > 1) throw usage('arena help takes at most one command name');
    process.stdout.write(operands[0] === undefined ? mainHelp(COMMANDS) : await helpOf(findCommand(operands[0])));
    return 0;
  },
};
