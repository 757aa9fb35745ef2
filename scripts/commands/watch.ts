/**
 * `arena watch`: a live match played by built-in agents, watched by a model that gets the match's frames
 * causally at a declared rate under a declared history policy, and TRACE's QA and proactive tasks from the
 * game's own events and progress (docs/perception.md). The match flags are `arena match`'s.
 */
import { join } from 'node:path';
import { watchMatch } from '../../perception/index.js';
import { parseFlags, type CommandSpec } from '../cli/flags.js';
import { ProgressBar } from '../progress-bar.js';
import { abortOnStopSignals } from '../stop-signals.js';
import { planWatch, watchFromFlags } from '../../plans/index.js';
import { watchOptions } from '../../plans/watch/watch-flags.js';

export async function watchCommand(argv: string[]): Promise<number> {
  const { values, given } = parseFlags('watch', watchOptions, argv);
  const { config, settings, outDir } = watchFromFlags(values, given);
  const plan = planWatch(config, settings);
  const controller = new AbortController();
  const stopSignals = abortOnStopSignals(controller);
  const bar = values.quiet ? undefined : new ProgressBar(`watch ${plan.entry.id} ${config.clock}`);
  try {
    const run = await watchMatch(
      {
        ...plan.spec,
        signal: controller.signal,
        onEvent: (e) => {
          if (e.type === 'started') process.stderr.write(`run ${e.runId} -> ${e.dir}\n`);
          if (e.type === 'advanced') bar?.update(Math.min(1, e.simMs / plan.timeLimitMs), `t=${(e.simMs / 1000).toFixed(1)}s`);
        },
      },
      { ...plan.watcher, signal: controller.signal },
      plan.conditions,
      outDir,
      plan.timeLimitMs,
    );
    bar?.update(1, 'done');
    bar?.done();
    process.stdout.write(`${run.summary}${join(outDir, 'watch.json')}\n`);
    return run.match.status === 'complete' ? 0 : 1;
  } finally {
    stopSignals();
  }
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
