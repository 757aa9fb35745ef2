/**
 * The kinds of work the service runs, one per plan: `match` (a match configuration, run in the service so
 * spectators can watch), `tournament` and `curve` (their flags as an object) and `sweep` (a sweep spec), the
 * last three run as `arena` child processes, resumable. `arena serve` registers this list; a new kind is a
 * module of its plan and a line here (docs/architecture.md, "Add a job kind").
 */
import { JobKinds } from '../../serve/index.js';
import { curveKind } from '../curve/curve-kind.js';
import { matchKind } from '../match/match-kind.js';
import { sweepKind } from '../sweep/sweep-kind.js';
import { tournamentKind } from '../tournament/tournament-kind.js';

/** The job kinds of the plans, registered in the order the service lists them. */
export function serveKinds(): JobKinds {
  return new JobKinds().register(matchKind).register(tournamentKind).register(curveKind).register(sweepKind);
}
