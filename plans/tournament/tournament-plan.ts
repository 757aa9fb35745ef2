/** The tournament plan: its flags' values -> the schedule (plan-tournament.ts) -> played (run-tournament.ts), the tables printed. */
import type { FlagPlanConfig, Plan } from '../run/plan-io.js';
import { planTournament, type TournamentFlags } from './plan-tournament.js';
import { runTournament } from './run-tournament.js';

/** Plays a tournament; 1 when a match failed or the plan was stopped. */
export const tournamentPlan: Plan<FlagPlanConfig<TournamentFlags>> = {
  name: 'tournament',
  async run({ values: given }, io) {
    const values = { ...given, out: given.out ?? io.out };
    const plan = await planTournament(values);
    // A stop ends every match in flight as aborted (its record closed), and no new one starts.
    const { failed, stopped } = await runTournament(values, plan, {
      out: io.print,
      note: io.log,
      progress: io.progress,
      done: () => io.progress(1, 'done'),
      stop: io.signal,
      abort: io.signal,
    });
    return failed > 0 || stopped ? 1 : 0;
  },
};
