/** What a board offers the offline tasks (boards/): positions to show, the true matrix, questions with exact answers. */
import type { Prng } from '../../protocol/index.js';
import { createCanvas } from '../render/index.js';
import { MAX_INVALID_MOVES } from './board-simulation.js';
import type { MoveCheck, TurnRules } from './turn-rules.js';

/** A multiple-choice question: the right answer and wrong ones (the task shuffles them into A-D). */
export interface BoardQuestion {
  readonly question: string;
  readonly answer: string;
  readonly wrong: readonly string[];
}

/** One board's side of the Perceiving, QA and Rule Following tasks over its position type `S`. */
export interface BoardTasks<S> {
  readonly game: string;
  /** How the perceive matrix encodes cells, for the prompt. */
  readonly matrixLegend: string;
  /** The values a matrix cell may take (the random baseline draws from them). */
  readonly matrixValues: readonly number[];
  /** A move drawn uniformly from the whole move space of `variant` (the origin when absent), legal or not (the random baselines). */
  randomMove(rng: Prng, variant?: string): string;
  /** A random position that need not be legal (Perceiving). */
  randomPosition(rng: Prng): S;
  /** A position reached by legal play from the start, the player to move (QA, Rule Following). */
  playedPosition(rng: Prng): S;
  /** The true matrix of a position, row 0 = top row as drawn. */
  matrix(state: S): number[][];
  questions(state: S, rng: Prng): BoardQuestion[];
  legalMoves(state: S): string[];
  /** Strict parse and legality check of a move, as the game does. */
  check(state: S, text: string): MoveCheck<unknown>;
  /** Renders the position as the game shows it (move 0, no invalid moves). */
  render(state: S, width: number, height: number, out: Uint8Array): void;
}

/** The variant named `id` among `variants`, the first (the origin) for an unknown or absent id. */
export function variantOrOrigin<V extends { readonly id: string }>(variants: readonly V[], id: string | undefined): V {
  return variants.find((v) => v.id === id) ?? variants[0]!;
}

/** The `render` of a board's task hooks: the position drawn by its rules in `variant`, at move 0 without invalid moves. */
export function positionRenderer<V, S>(rules: Pick<TurnRules<V, S, unknown>, 'draw'>, variant: V): BoardTasks<S>['render'] {
  return (s, width, height, out) => rules.draw(createCanvas(width, height, out), s, variant, { moves: 0, invalid: 0, maxInvalid: MAX_INVALID_MOVES, note: '', score: 0 });
}
