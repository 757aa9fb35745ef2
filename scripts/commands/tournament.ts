/**
 * `arena tournament`: flags -> the tournament plan (plans/tournament) -> played with a progress bar, the tables
 * on stdout. See docs/tournament.md.
 */
import { tournamentOptions } from '../../plans/tournament/tournament-flags.js';
import type { CommandSpec } from '../cli/flags.js';
import { runPlanCommand } from '../plan-io.js';

export function tournamentCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'tournament', flags: tournamentOptions, label: (v) => `tournament ${v.game ?? ''}` }, argv);
}

/** `arena tournament` in the command table. */
export const tournamentCli: CommandSpec = {
  flags: tournamentOptions,
  examples: [
    'arena tournament --game sky_duel --agents scripted,random,idle --episodes 4 --steps 20',
    'arena tournament --game last_stand --agents scripted,random --episodes 3 --parallel 2',
    'arena tournament --game sky_duel --agents fast=scripted,slow=scripted --latency fast=synthetic:100,slow=synthetic:1500 --arms pdq,matched,lcrt --episodes 6 --steps 40',
  ],
  notes: ['Running the same command again resumes it from OUT/results.jsonl.'],
  run: tournamentCommand,
};
