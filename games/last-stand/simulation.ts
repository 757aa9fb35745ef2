/** One episode of last_stand: a fixed-timestep simulation behind the `Simulation` seam. */
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { Dropper } from './dropper.js';
import { Platform, type TileChange } from './platform.js';
import { spawnBody, stepBody, type PlayerBody } from './player.js';
import { Prng } from '../../protocol/index.js';
import { Rules } from './rules.js';
import type { LastStandState } from './state.js';
import type { LastStandVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;
type Key = (typeof KEYS)[number];

const wrapYaw = (deg: number): number => {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
};

export class LastStandSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  private yawDeg = 0;
  private pitchDeg: number = Rules.startPitch;
  private readonly held = new Set<Key>();
  private readonly platform: Platform;
  private readonly dropper: Dropper;
  private readonly body: PlayerBody;
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private depth: Float32Array | undefined;
  private readonly playerSlot: number;

  constructor(
    private readonly variant: LastStandVariant,
    options: SimulationOptions,
  ) {
    this.platform = new Platform(variant);
    this.dropper = new Dropper(variant.drops, this.platform, new Prng(options.seed, 1), variant.timeLimitMs);
    this.body = spawnBody(this.platform);
    this.playerSlot = options.slots[0] ?? 0;
  }

  input(event: InputEvent): void {
    if (event.slot !== this.playerSlot) return;
    switch (event.type) {
      case 'key': {
        const key = KEYS.find((k) => k.toLowerCase() === event.key.toLowerCase());
        if (key === undefined) return;
        if (event.down) this.held.add(key);
        else this.held.delete(key);
        return;
      }
      case 'look':
        this.yawDeg = wrapYaw(this.yawDeg + event.dx);
        this.pitchDeg = Math.min(Rules.pitchMax, Math.max(Rules.pitchMin, this.pitchDeg + event.dy));
        return;
      case 'button':
        return;
    }
  }

  tick(): void {
    if (this.end) return;
    this.simMs += this.tickMs;
    const changes: TileChange[] = [];
    const { body, platform } = this;
    const under = body.onGround ? platform.tileUnder(body.x, body.z) : undefined;
    platform.update(this.tickMs, changes);
    this.dropper.update(this.simMs, under, changes);
    for (const { name, tile } of changes) this.events.push({ name, data: { col: tile.col, row: tile.row } });
    const controls = {
      forward: this.held.has('W'),
      back: this.held.has('S'),
      left: this.held.has('A'),
      right: this.held.has('D'),
      jump: this.held.has('Space'),
    };
    const step = stepBody(body, controls, this.yawDeg, this.tickMs, platform);
    if (step.jumped) this.events.push({ name: 'jump', slot: this.playerSlot });
    if (step.fell) {
      this.events.push({ name: 'fell', slot: this.playerSlot });
      this.end = { reason: 'fell', outcomes: [{ slot: this.playerSlot, result: 'loss' }] };
    } else if (this.simMs >= this.variant.timeLimitMs) {
      this.end = { reason: 'time_limit', outcomes: [{ slot: this.playerSlot, result: 'win' }] };
    }
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    drawScene(createCanvas(width, height, out, this.depth), {
      platform: this.platform,
      body: this.body,
      yawDeg: this.yawDeg,
      pitchDeg: this.pitchDeg,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
    });
  }

  progress(): readonly PlayerProgress[] {
    const survived = Math.min(this.simMs, this.variant.timeLimitMs);
    const won = this.end?.reason === 'time_limit';
    return [{ slot: this.playerSlot, progress: won ? 1 : survived / this.variant.timeLimitMs, score: survived / 1000 }];
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): LastStandState {
    const { body, platform } = this;
    return {
      game: 'last_stand',
      variant: this.variant.id,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      tickMs: this.tickMs,
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
      camera: { yaw: this.yawDeg, pitch: this.pitchDeg },
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

  ended(): SimEnd | undefined {
    return this.end;
  }
}
