/** Chooses which tiles start warning, and when, following a variant's drop plan. */
import type { Platform, Tile, TileChange } from './platform.js';
import type { Prng } from '../../protocol/index.js';
import type { DropPlan } from './variants.js';

/** A wave in progress: which line it reached and which way it sweeps. */
interface Wave {
  line: number;
  nextMs: number;
  /** 0: rows from the low z side, 1: rows from the high z side, 2: columns from low x, 3: columns from high x. */
  readonly direction: number;
}

export class Dropper {
  private nextDropMs: number;
  private wave: Wave | undefined;

  constructor(
    private readonly plan: DropPlan,
    private readonly platform: Platform,
    private readonly rng: Prng,
    private readonly timeLimitMs: number,
  ) {
    this.nextDropMs = plan.firstMs;
  }

  /** Starts every warning due by `simMs`; `playerTile` is the tile under the player, if any. */
  update(simMs: number, playerTile: Tile | undefined, changes: TileChange[]): void {
    const plan = this.plan;
    switch (plan.kind) {
      case 'random':
        while (simMs >= this.nextDropMs) {
          this.drop(this.platform.intact(), playerTile, plan.targetChance, changes);
          const t = Math.min(1, this.nextDropMs / this.timeLimitMs);
          this.nextDropMs += Math.round(plan.startIntervalMs + (plan.endIntervalMs - plan.startIntervalMs) * t);
        }
        break;
      case 'waves':
        if (this.wave === undefined && simMs >= this.nextDropMs) {
          this.wave = { line: 0, nextMs: this.nextDropMs, direction: this.rng.int(4) };
          this.nextDropMs += plan.periodMs;
        }
        while (this.wave !== undefined && simMs >= this.wave.nextMs) {
          const wave = this.wave;
          const line = this.lineTiles(wave);
          for (let i = 0; i < plan.perLine; i++) this.drop(line.filter((t) => t.status === 'intact'), playerTile, plan.targetChance, changes);
          wave.line++;
          wave.nextMs += plan.lineStepMs;
          if (wave.line >= (wave.direction < 2 ? this.platform.rows : this.platform.cols)) this.wave = undefined;
        }
        break;
    }
  }

  private lineTiles(wave: Wave): Tile[] {
    const { rows, cols } = this.platform;
    const index = wave.direction % 2 === 0 ? wave.line : (wave.direction < 2 ? rows : cols) - 1 - wave.line;
    return this.platform.tiles.filter((t) => (wave.direction < 2 ? t.row === index : t.col === index));
  }

  private drop(candidates: readonly Tile[], playerTile: Tile | undefined, targetChance: number, changes: TileChange[]): void {
    if (candidates.length === 0) return;
    const aimed = playerTile !== undefined && candidates.includes(playerTile) && this.rng.next() < targetChance;
    const tile = aimed ? playerTile : candidates[this.rng.int(candidates.length)];
    if (tile) this.platform.warn(tile, changes);
  }
}
