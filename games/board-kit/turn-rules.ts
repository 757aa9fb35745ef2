/** What a turn-based board game declares: its position, strict move parsing, the opponent, the score. */
import type { Canvas } from '../render/index.js';

/** Data an event carries. */
export type EventData = Readonly<Record<string, number | string | boolean>>;

/** A parsed move, or why the text is not a legal move here (a stable code and a sentence). */
export type MoveCheck<M> = { readonly ok: true; readonly move: M } | { readonly ok: false; readonly reason: string; readonly detail: string };

/** How a finished game ended for the player. */
export interface BoardResult {
  readonly result: 'win' | 'draw' | 'loss';
  readonly reason: string;
}

/** What the view shows besides the position. */
export interface BoardHud {
  readonly moves: number;
  readonly invalid: number;
  readonly maxInvalid: number;
  readonly note: string;
  readonly score: number;
}

/** The rules of one board game over its variant `V`, position `S` and move `M`. */
export interface TurnRules<V, S, M> {
  /** The starting position of an episode: `seed` may vary it (e.g. a generated puzzle). */
  start(variant: V, seed: number): S;
  /** Reads the player's move text against the position: notation first, then legality. */
  parse(state: S, text: string): MoveCheck<M>;
  /** Plays the player's move; returns what the move event records. */
  play(state: S, move: M): EventData;
  /** The built-in opponent's reply (two-player boards), or undefined when there is none. */
  reply(state: S, variant: V, seed: number): EventData | undefined;
  /** Set once the game is over. */
  result(state: S): BoardResult | undefined;
  /** The paper's score of the game so far (per-move and piece rewards; `end` adds the outcome bonus). */
  score(state: S, moves: number, end: BoardResult | undefined): number;
  /** Progress in [0, 1] during play (the end overrides it: win 1, draw 0.5, loss 0 for two-player boards). */
  progress(state: S, end: BoardResult | undefined): number;
  /** Every legal move of the player, in notation, in a fixed order. */
  legalMoves(state: S): string[];
  /** The position as plain JSON for the record and scripted policies. */
  snapshot(state: S): Record<string, unknown>;
  draw(canvas: Canvas, state: S, variant: V, hud: BoardHud): void;
}
