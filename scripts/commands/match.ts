/** `arena match`: flags -> the match plan (plans/match/match-plan.ts: a match configuration, the one resolver's spec, played) with a progress bar and a result line. */
import { buildMatchConfig } from '../../plans/index.js';
import { matchOptions } from '../../plans/match/match-flags.js';
import { runPlanCommand } from '../plan-io.js';

export { exitCodeOf, resultLine } from '../../plans/index.js';

export function matchCommand(argv: string[]): Promise<number> {
  return runPlanCommand({ plan: 'match', flags: matchOptions, label: (v) => {
    // The bar names the game and clock the match plays, defaults filled in (the plan builds the same configuration).
    const config = buildMatchConfig(v);
    return `${config.game} ${config.clock}`;
  } }, argv);
}
