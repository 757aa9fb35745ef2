/** `arena match`: flags -> the match plan (plans/match/match-plan.ts: a match configuration, the one resolver's spec, played) with a progress bar and a result line. */
import { matchOptions } from '../../plans/match/match-flags.js';
import { runPlanCommand } from '../plan-io.js';

export { exitCodeOf, resultLine } from '../../plans/index.js';

export function matchCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'match', flags: matchOptions, label: (v) => `${v.game ?? ''} ${v.clock ?? ''}` }, argv);
}
