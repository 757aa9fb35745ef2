/**
 * The watch plan: a live match played by built-in agents, watched by a model that gets the match's frames
 * causally at a declared rate under a declared history policy, with TRACE's QA and proactive tasks from the
 * game's own events and progress (docs/perception.md); watch.json and the summary written to its folder.
 */
import { join } from 'node:path';
import { watchMatch } from '../../perception/index.js';
import type { FlagValues } from '../../protocol/index.js';
import type { FlagPlanConfig, Plan } from '../run/plan-io.js';
import { planWatch } from './plan-watch.js';
import { watchFromFlags } from './watch-config.js';
import type { watchOptions } from './watch-flags.js';

/** Plays and watches a match; 0 when the match completed. */
export const watchPlan: Plan<FlagPlanConfig<FlagValues<typeof watchOptions>>> = {
  name: 'watch',
  async run({ values, given }, io) {
    const { config, settings, outDir } = watchFromFlags({ ...values, out: values.out ?? io.out }, new Set(given));
    const plan = planWatch(config, settings);
    const run = await watchMatch(
      {
        ...plan.spec,
        signal: io.signal,
        onEvent: (e) => {
          if (e.type === 'started') io.log(`run ${e.runId} -> ${e.dir}\n`);
          if (e.type === 'advanced') io.progress(Math.min(1, e.simMs / plan.timeLimitMs), `t=${(e.simMs / 1000).toFixed(1)}s`);
        },
      },
      { ...plan.watcher, signal: io.signal },
      plan.conditions,
      outDir,
      plan.timeLimitMs,
    );
    io.progress(1, 'done');
    io.print(`${run.summary}${join(outDir, 'watch.json')}\n`);
    return run.match.status === 'complete' ? 0 : 1;
  },
};
