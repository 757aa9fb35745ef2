/**
 * `arena watch`: flags -> the watch plan (plans/watch/watch-plan.ts: a live match of built-in agents watched by
 * a model, with TRACE's QA and proactive tasks; docs/perception.md) with a progress bar. The match flags are
 * `arena match`'s.
 */
import { watchOptions } from '../../plans/watch/watch-flags.js';
import type { CommandSpec } from '../cli/flags.js';
import { runPlanCommand } from '../plan-io.js';

export function watchCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'watch', flags: watchOptions, label: (v) => `watch ${v.game ?? ''} ${v.clock ?? ''}` }, argv);
}

/** `arena watch` in the command table. */
export const watchCli: CommandSpec = {
  flags: watchOptions,
  examples: [
    'arena watch --game sky_duel --agents scripted,random --model fake-vlm --base-url http://127.0.0.1:8000/v1 --time-limit 30 --out /tmp/watch',
    'arena watch --game sky_duel --clock realtime --history window:8 --tasks proactive --monitor event:hit --model M --base-url URL --out /tmp/watch-rt',
  ],
  notes: [
    'The watcher never gets privileged state: only the sampled frames of one view, and the questions and the instruction.',
    'Game time of a reply is the newest game time the stream had shown when it came (docs/perception.md). Exit 0 when the match completed, 1 otherwise; a watcher request that timed out is recorded, not fatal.',
  ],
  run: watchCommand,
};
