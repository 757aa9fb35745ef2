/** The Simulation every workshop game runs: input to held keys and F presses, ticks, per-slot views, progress. */
import { canonicalControl, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { EpisodeBase } from '../common/episode.js';
import { Rules } from './rules.js';
import { outcomesOf, progressOf } from './scoring.js';
import type { WorkshopState } from './state.js';
import type { WorkshopGameSpec, WorkshopVariant } from './variant.js';
import { drawWorkshop } from './view.js';
import { World, type MoveKey } from './world.js';

const MOVE_KEYS: readonly MoveKey[] = ['W', 'A', 'S', 'D'];
/** Every key a workshop game reads: the moves and F (interact). */
const KEYS: readonly string[] = [...MOVE_KEYS, 'F'];

/** One episode of a workshop game: every slot of the game has a player; progress is reported for the slots taking part. */
export class WorkshopSimulation extends EpisodeBase {
  readonly tickMs = Rules.tickMs;
  readonly world: World;
  /** Slots taking part (progress is reported for these). */
  private readonly active: readonly number[];

  constructor(
    private readonly spec: WorkshopGameSpec,
    private readonly variant: WorkshopVariant,
    options: SimulationOptions,
  ) {
    super();
    const all = spec.slots.map((s) => s.slot);
    this.active = options.slots.filter((s) => all.includes(s));
    this.world = new World(variant, all, options.seed);
  }

  input(event: InputEvent): void {
    if (event.type !== 'key') return;
    const player = this.world.player(event.slot);
    if (player === undefined) return;
    const key = canonicalControl(event.key, KEYS);
    if (key === 'F') {
      if (event.down) player.interactQueued = true;
      return;
    }
    const move = MOVE_KEYS.find((k) => k === key);
    if (move === undefined) return;
    if (event.down) player.held.add(move);
    else player.held.delete(move);
  }

  tick(): void {
    if (this.end) return;
    this.world.tick(this.events);
    if (this.world.simMs >= this.variant.timeLimitMs) {
      this.end = { reason: 'time_limit', outcomes: outcomesOf(this.spec.regime, this.world.orders, this.active, this.world.players.map((p) => p.slot)) };
    }
  }

  render(slot: number, width: number, height: number, out: Uint8Array): void {
    drawWorkshop(this.canvas(width, height, out), this.world, { spec: this.spec, viewer: slot });
  }

  progress(): readonly PlayerProgress[] {
    return progressOf(this.spec.regime, this.world.orders, this.active);
  }

  state(): WorkshopState {
    const { world } = this;
    const { layout } = world;
    const u = Rules.unit;
    return {
      game: this.spec.id,
      variant: this.variant.id,
      regime: this.spec.regime,
      simMs: world.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      tickMs: this.tickMs,
      grid: {
        cols: layout.cols,
        rows: layout.rows,
        cells: Array.from({ length: layout.rows }, (_, r) => layout.blocked.slice(r * layout.cols, (r + 1) * layout.cols).map((b) => (b ? '#' : '.')).join('')),
      },
      motion: { step: Rules.moveStep / u, diagStep: Rules.diagStep / u, halfSize: Rules.halfSize / u },
      upgradeMs: this.variant.upgradeMs,
      stations: world.stations.map((s) => ({
        id: s.id,
        kind: s.kind,
        col: s.col,
        row: s.row,
        supply: s.supply ?? null,
        holding: s.holding ? { ...s.holding } : null,
        workLeftMs: s.workLeftMs,
      })),
      players: world.players.map((p) => ({
        slot: p.slot,
        x: p.body.x / u,
        y: p.body.y / u,
        facingX: p.body.fx,
        facingY: p.body.fy,
        area: p.area,
        carrying: p.carrying ? { ...p.carrying } : null,
        points: world.orders.scored(p.slot),
      })),
      orders: world.orders.open().map((o) => ({ id: o.id, item: { ...o.item }, value: o.value, leftMs: o.expiresMs - world.simMs, durationMs: o.expiresMs - o.postMs })),
      points: { scored: world.orders.scored(), available: world.orders.available() },
    };
  }
}
