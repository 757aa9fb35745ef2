/**
 * End-to-End Playing: full games through the gateway, each an ordinary match record (so `arena report`,
 * tournaments and sweeps read them), scored with the game's own paper score: per-move and piece rewards,
 * outcome bonuses, and the loss after three invalid moves.
 */
import { getGame } from '../games-manifest/index.js';
import { join } from 'node:path';
import { readJsonl, runMatch, type MatchSpec } from '../gateway/index.js';

/** One game played. */
export interface E2eGame {
  readonly seed: number;
  readonly dir: string;
  readonly score: number;
  readonly outcome: string;
  readonly reason: string;
  /** Decisions the player made. */
  readonly moves: number;
  /** Moves the game refused (unreadable answers included), from the run's events. */
  readonly invalid: number;
}

/** The games of one player on one board and their mean score. */
export interface E2eResult {
  readonly game: string;
  readonly variant: string;
  readonly games: readonly E2eGame[];
  readonly score: number;
  readonly wins: number;
  readonly draws: number;
  readonly losses: number;
  readonly invalidLosses: number;
}

export interface E2eOptions {
  readonly game: string;
  readonly variant?: string;
  readonly episodes: number;
  readonly seed: number;
  /** The match of one game (a fresh player each time): the plans layer's one match resolver (plans/boards/boards-e2e.ts). */
  readonly specOf: (seed: number, variant: string) => MatchSpec;
}

/** Plays `episodes` games (seeds seed, seed+1, ...) and scores them. */
export async function runE2e(o: E2eOptions): Promise<E2eResult> {
  const entry = getGame(o.game);
  const variant = o.variant ?? entry.variants[0]!.id;
  const games: E2eGame[] = [];
  for (let e = 0; e < o.episodes; e++) {
    const seed = o.seed + e;
    const result = await runMatch(o.specOf(seed, variant));
    if (result.status !== 'complete') throw new Error(`${o.game} seed ${seed}: ${result.error?.code ?? result.reason}: ${result.error?.message ?? ''}`);
    const p = result.players[0]!;
    const refused = readJsonl<{ name?: string; slot?: number }>(join(result.dir, 'events.jsonl')).filter((e) => e.name === 'invalid_move' && e.slot === 0).length;
    games.push({ seed, dir: result.dir, score: p.score, outcome: p.outcome, reason: result.reason, moves: p.decisions, invalid: refused });
  }
  const count = (o2: string): number => games.filter((g) => g.outcome === o2).length;
  return {
    game: o.game,
    variant,
    games,
    score: games.reduce((s, g) => s + g.score, 0) / Math.max(1, games.length),
    wins: count('win'),
    draws: count('draw'),
    losses: count('loss'),
    invalidLosses: games.filter((g) => g.reason === 'invalid_moves').length,
  };
}
