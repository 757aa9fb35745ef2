/** `arena boards e2e`: a player's full games on a board through the gateway, each game's match resolved by the one match resolver. */
import { runE2e, type E2eResult } from '../../boards/index.js';
import type { PausedClockMode } from '../../gateway/index.js';
import { ArenaError, ErrorCode } from '../../protocol/index.js';
import type { AgentFactory } from '../../sweeps/index.js';
import { MatchConfig, parseConfig } from '../match/match-config.js';
import { resolveMatch } from '../match/resolve-match.js';

/** What an e2e run plays: the board, the games, and the player as a match configuration's agent. */
export interface BoardsE2eOptions {
  readonly game: string;
  readonly variant?: string;
  readonly episodes: number;
  readonly seed: number;
  readonly runsDir: string;
  readonly clock?: PausedClockMode;
  readonly stepBudget?: number;
  /** The player: a built-in kind (random, vlm...) with its label, lcrt latency source and VLM configuration. */
  readonly player: { readonly kind: string; readonly label: string; readonly latency?: string; readonly vlm?: Readonly<Record<string, unknown>> };
  /** Makes the player another way (a fixed-seed baseline, tests); default the built-in kinds. */
  readonly makeAgent?: AgentFactory;
  /** Ends the game in flight as aborted (its record closed); no game starts after it. */
  readonly signal?: AbortSignal;
}

/** Plays `episodes` games (seeds seed, seed+1, ...) and scores them with the game's paper score. */
export function boardsE2e(o: BoardsE2eOptions): Promise<E2eResult> {
  const { player } = o;
  const agent = { kind: player.kind, label: player.label, ...(player.latency === undefined ? {} : { latency: player.latency }), ...(player.vlm === undefined ? {} : { vlm: { ...player.vlm } }) };
  return runE2e({
    game: o.game,
    ...(o.variant === undefined ? {} : { variant: o.variant }),
    episodes: o.episodes,
    seed: o.seed,
    specOf: (seed, variant) => {
      if (o.signal?.aborted) throw new ArenaError(ErrorCode.ABORTED, 'the boards run was stopped');
      const config = parseConfig({ game: o.game, variant, seed, clock: o.clock ?? 'pdq', agents: [agent], runsDir: o.runsDir, ...(o.stepBudget === undefined ? {} : { stepBudget: o.stepBudget }) }, MatchConfig, `${o.game} e2e`);
      const spec = resolveMatch(config, o.makeAgent ? { makeAgent: o.makeAgent } : {});
      return o.signal === undefined ? spec : { ...spec, signal: o.signal };
    },
  });
}
