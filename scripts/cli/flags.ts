/** The command line's flags: protocol's flag tables (the service parses flag objects with the same ones), and what a command is. */
import type { FlagTable } from '../../protocol/flag-table.js';

export { HELP_FLAG, intFlag, num, parseFlags, wantsHelp, type FlagSpec, type FlagTable, type FlagValues } from '../../protocol/flag-table.js';

/** What a command is: its flags, its operands (if any), examples that run as written, and the code that runs it. */
export interface CommandSpec {
  readonly flags: FlagTable;
  /** The operands after the flags, e.g. `RUN_DIR|RUNS_FOLDER...`; a command without them refuses stray arguments. */
  readonly operands?: { readonly name: string; readonly description: string };
  readonly examples: readonly string[];
  /** Further lines printed under the flags (what the flags mean together). */
  readonly notes?: readonly string[];
  readonly run: (argv: string[]) => Promise<number>;
}
