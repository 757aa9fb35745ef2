/**
 * `arena tournament`: flags -> the tournament's plan (plans/tournament) -> played with a progress bar, the tables
 * on stdout. See docs/tournament.md.
 */
import { planTournament, runTournament, tournamentOptions } from '../../plans/index.js';
import { parseFlags, type CommandSpec } from '../cli/flags.js';
import { ProgressBar } from '../progress-bar.js';
import { abortOnStopSignals } from '../stop-signals.js';

export async function tournamentCommand(argv: string[]): Promise<number> {
  const { values } = parseFlags('tournament', tournamentOptions, argv);
  const plan = await planTournament(values);
  const stop = new AbortController();
  const abort = new AbortController();
  // SIGINT, SIGTERM and SIGHUP: no new matches, and every match in flight ends as aborted with its record closed.
  const stopSignals = abortOnStopSignals(abort);
  abort.signal.addEventListener('abort', () => stop.abort(), { once: true });
  let bar: ProgressBar | undefined;
  try {
    const { failed, stopped } = await runTournament(values, plan, {
      out: (text) => void process.stdout.write(text),
      note: (text) => void process.stderr.write(text),
      start: (matches) => void (bar = values.quiet || matches === 0 ? undefined : new ProgressBar(`tournament ${plan.entry.id}`)),
      progress: (fraction, label) => bar?.update(fraction, label),
      done: () => bar?.done(),
      stop: stop.signal,
      abort: abort.signal,
    });
    return failed > 0 || stopped ? 1 : 0;
  } finally {
    stopSignals();
  }
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
