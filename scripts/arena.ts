/**
 * The `arena` command line: finds the command in the command table and runs it, or prints its help for
 * `--help`/`-h`. `arena help` lists the commands; docs/cli.md documents each with examples.
 */
import { COMMANDS, findCommand, helpOf } from './cli/command-table.js';
import { wantsHelp } from './cli/flags.js';
import { mainHelp } from './cli/help.js';
import { reportError } from './cli-error.js';

async function main(argv: string[]): Promise<number> {
  const [name = 'help', ...rest] = argv;
  if (name === '--help' || name === '-h') {
    process.stdout.write(mainHelp(COMMANDS));
    return 0;
  }
  const entry = findCommand(name);
  if (wantsHelp(rest)) {
    process.stdout.write(await helpOf(entry));
    return 0;
  }
  return (await entry.load()).run(rest);
}

/** How long a finished command waits for handles a library left open (a reconnecting Redis client) before exiting. */
const EXIT_GRACE_MS = 3_000;

/** Sets the exit code and makes sure a finished command ends: an unref'd timer fires only if something is left. */
function finish(code: number): void {
  process.exitCode = code;
  setTimeout(() => process.exit(code), EXIT_GRACE_MS).unref();
}

main(process.argv.slice(2)).then(finish, (err: unknown) => finish(reportError(err)));
