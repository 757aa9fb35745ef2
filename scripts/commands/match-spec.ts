/**
 * `arena match`'s command spec, apart from the match itself (match.ts), so `arena match --help`
 * loads no game, agent or gateway code.
 */
import type { CommandSpec } from '../cli/flags.js';
import { matchOptions } from '../../plans/match/match-flags.js';

/** `arena match`'s help: everything of its command spec but `run` (match.ts adds it; the command table joins them lazily). */
export const matchSpec: Omit<CommandSpec, 'run'> = {
  flags: matchOptions,
  examples: [
    'arena match',
    'arena match --game last_stand --variant ring --agent random --seed 4',
    'arena match --clock lcrt --latency synthetic:800 --steps 20',
    'arena match --game sky_duel --agents scripted,random --swap --steps 10',
    'arena match --config examples/match-pdq.json',
    'arena match --agent vlm --model my-model --base-url http://127.0.0.1:8000/v1',
  ],
  notes: ['Exit 0 when the match is a result of play (episode class finished or budget), 1 when it ended incomplete or', 'its episode is not a result of play (failed: most decisions failed at the provider; format: most answers invalid).'],
};
