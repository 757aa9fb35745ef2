/** `arena agents`: the agent kinds and what each needs. */
import { agentKinds } from '../../agents/index.js';
import { scriptedPolicies } from '../../games/index.js';
import { parseFlags, type CommandSpec } from '../cli/flags.js';

export async function agentsCommand(): Promise<number> {
  for (const k of agentKinds) {
    process.stdout.write(`${k.kind.padEnd(9)} ${k.summary}\n${''.padEnd(9)} needs: ${k.needs}\n`);
  }
  process.stdout.write(`\nscripted policies exist for: ${Object.keys(scriptedPolicies).join(', ')}\n`);
  return 0;
}

/** `arena agents` in the command table. */
export const agentsCli: CommandSpec = {
  flags: {},
  examples: ['arena agents'],
  run: async (argv) => {
    parseFlags('agents', {}, argv);
    return agentsCommand();
  },
};
