/** One episode of last_stand: a fixed-timestep simulation behind the `Simulation` seam. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { PlayerInput } from '../common/player-input.js';
import { SoloEpisode } from '../common/solo-episode.js';
import { Dropper } from './dropper.js';
import { Platform, type TileChange } from './platform.js';
import { spawnBody, stepBody, type PlayerBody } from './player.js';
import { Rules } from './rules.js';
import type { LastStandState } from './state.js';
import type { LastStandVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;

export class LastStandSimulation extends SoloEpisode<LastStandVariant> {
  readonly tickMs = Rules.tickMs;
  /** The player's held keys and camera heading and tilt. */
  private readonly pilot = new PlayerInput(KEYS, { yawDeg: 0, pitchDeg: Rules.startPitch, pitchMin: Rules.pitchMin, pitchMax: Rules.pitchMax });
  private readonly platform: Platform;
  private readonly dropper: Dropper;
  private readonly body: PlayerBody;

  constructor(
    variant: LastStandVariant,
    options: SimulationOptions,
  ) {
    super(variant, options);
    this.platform = new Platform(variant);
    this.dropper = new Dropper(variant.drops, this.platform, new Prng(options.seed, 1), variant.timeLimitMs);
    this.body = spawnBody(this.platform);
  }

  input(event: InputEvent): void {
    if (event.slot === this.playerSlot) this.pilot.apply(event);
  }

  protected step(): void {
    const changes: TileChange[] = [];
    const { body, platform } = this;
    const under = body.onGround ? platform.tileUnder(body.x, body.z) : undefined;
    platform.update(this.tickMs, changes);
    this.dropper.update(this.simMs, under, changes);
    for (const { name, tile } of changes) this.events.push({ name, data: { col: tile.col, row: tile.row } });
    const moved = stepBody(body, this.pilot.movement(), this.pilot.yawDeg, this.tickMs, platform);
    if (moved.jumped) this.emit('jump');
    if (moved.fell) {
      this.emit('fell');
      this.finish('fell', 'loss');
    } else if (this.timeUp) {
      this.finish('time_limit', 'win');
    }
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    drawScene(this.canvas(width, height, out), {
      platform: this.platform,
      body: this.body,
      yawDeg: this.pilot.yawDeg,
      pitchDeg: this.pilot.pitchDeg,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
    });
  }

  progress(): readonly PlayerProgress[] {
    const survived = Math.min(this.simMs, this.variant.timeLimitMs);
    const won = this.end?.reason === 'time_limit';
    return [{ slot: this.playerSlot, progress: won ? 1 : survived / this.variant.timeLimitMs, score: survived / 1000 }];
  }

  state(): LastStandState {
    const { body, platform } = this;
    return {
      ...this.head('last_stand'),
      player: {
        x: body.x,
        y: body.y,
        z: body.z,
        vx: body.vx,
        vy: body.vy,
        vz: body.vz,
        onGround: body.onGround,
        alive: this.end?.reason !== 'fell',
      },
      camera: { yaw: this.pilot.yawDeg, pitch: this.pilot.pitchDeg },
      grid: { cols: platform.cols, rows: platform.rows, tileSize: Rules.tileSize, originX: platform.originX, originZ: platform.originZ },
      tiles: platform.tiles.map((t) => ({ col: t.col, row: t.row, status: t.status, warnLeftMs: t.warnLeftMs })),
      physics: {
        moveSpeed: Rules.moveSpeed,
        jumpSpeed: Rules.jumpSpeed,
        gravity: Rules.gravity,
        warnMs: Rules.warnMs,
        fallDepth: Rules.fallDepth,
      },
    };
  }
}
