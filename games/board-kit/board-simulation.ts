/**
 * The Simulation of any turn-based board: each move input is one turn (the player's move, then the
 * opponent's reply); time only counts ticks, so the clock (pdq, lcrt) decides what a turn costs. Three
 * invalid moves lose the game.
 */
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';
import { createCanvas } from '../render/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../runtime/simulation.js';
import type { BoardResult, TurnRules } from './turn-rules.js';

/** Invalid moves that end a game as a loss. */
export const MAX_INVALID_MOVES = 3;
/** Game time of one tick, ms. */
export const BOARD_TICK_MS = 100;

export class BoardSimulation<V extends { readonly id: string }, S, M> implements Simulation {
  readonly tickMs = BOARD_TICK_MS;
  private readonly position: S;
  private readonly queue: string[] = [];
  private readonly events: SimEvent[] = [];
  private readonly slot: number;
  private moves = 0;
  private invalid = 0;
  private note = '';
  private end: SimEnd | undefined;
  private final: BoardResult | undefined;

  constructor(
    private readonly rules: TurnRules<V, S, M>,
    private readonly variant: V,
    private readonly options: SimulationOptions,
  ) {
    this.position = rules.start(variant, options.seed);
    this.slot = options.slots[0] ?? 0;
  }

  input(event: InputEvent): void {
    if (event.type === 'move' && event.slot === this.slot) this.queue.push(event.move);
  }

  tick(): void {
    const text = this.queue.shift();
    if (text === undefined || this.end) return;
    const check = text === '' ? ({ ok: false, reason: 'NO_MOVE', detail: 'the answer held no readable move' } as const) : this.rules.parse(this.position, text);
    if (!check.ok) {
      this.invalid++;
      this.note = `INVALID ${text.slice(0, 8)}`;
      this.events.push({ name: 'invalid_move', slot: this.slot, data: { move: text, reason: check.reason, detail: check.detail, count: this.invalid } });
      if (this.invalid >= MAX_INVALID_MOVES) this.finish({ result: 'loss', reason: 'invalid_moves' });
      return;
    }
    this.moves++;
    this.events.push({ name: 'move', slot: this.slot, data: { move: text, ...this.rules.play(this.position, check.move) } });
    this.note = `YOU ${text.slice(0, 8)}`;
    let over = this.rules.result(this.position);
    if (!over) {
      const reply = this.rules.reply(this.position, this.variant, this.options.seed + this.moves);
      if (reply) {
        this.events.push({ name: 'reply', data: reply });
        this.note = `${this.note}  FOE ${String(reply.move ?? '').slice(0, 8)}`;
        over = this.rules.result(this.position);
      }
    }
    if (over) this.finish(over);
  }

  private finish(result: BoardResult): void {
    this.final = result;
    this.end = { reason: result.reason, outcomes: [{ slot: this.slot, result: result.result }] };
    this.events.push({ name: 'game_over', slot: this.slot, data: { result: result.result, reason: result.reason, score: this.score() } });
  }

  private score(): number {
    return this.rules.score(this.position, this.moves, this.final);
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    const canvas = createCanvas(width, height, out);
    this.rules.draw(canvas, this.position, this.variant, { moves: this.moves, invalid: this.invalid, maxInvalid: MAX_INVALID_MOVES, note: this.note, score: this.score() });
  }

  progress(): readonly PlayerProgress[] {
    const p = Math.min(1, Math.max(0, this.rules.progress(this.position, this.final)));
    return [{ slot: this.slot, progress: p, score: this.score() }];
  }

  drainEvents(): readonly SimEvent[] {
    return this.events.splice(0);
  }

  state(): Record<string, unknown> {
    return { ...this.rules.snapshot(this.position), legalMoves: this.end ? [] : this.rules.legalMoves(this.position), moves: this.moves, invalidMoves: this.invalid, score: this.score() };
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
