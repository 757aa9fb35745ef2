/**
 * The kinds of work the service runs, one per plan: `match` (a match configuration, run in the service so
 * spectators can watch); `tournament`, `curve`, `transfer`, `boards`, `watch` and `cases` (a command's flags as an
 * object) and `sweep` (a sweep spec), run as `arena` child processes (resumable but for boards and watch). `arena serve` registers this list; a new kind is a
 * module of its plan and a line here (docs/architecture.md, "Add a job kind").
 */
import { JobKinds } from '../../serve/index.js';
import { boardsKind } from '../boards/boards-kind.js';
import { casesKind } from '../cases/cases-kind.js';
import { curveKind } from '../curve/curve-kind.js';
import { matchKind } from '../match/match-kind.js';
import { sweepKind } from '../sweep/sweep-kind.js';
import { tournamentKind } from '../tournament/tournament-kind.js';
import { transferKind } from '../transfer/transfer-kind.js';
import { watchKind } from '../watch/watch-kind.js';

/** The job kinds of the plans, registered in the order the service lists them. */
export function serveKinds(): JobKinds {
  return new JobKinds().register(matchKind).register(tournamentKind).register(curveKind).register(transferKind).register(sweepKind).register(boardsKind).register(watchKind).register(casesKind);
}
