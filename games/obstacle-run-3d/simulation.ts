/** One episode of obstacle_run_3d: a fixed-timestep simulation behind the `Simulation` seam. */
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { spawnBody, stepBody, type RunnerBody } from './body.js';
import { Course } from './course.js';
import { Rules } from './rules.js';
import type { ObstacleRun3dState } from './state.js';
import type { ObstacleRun3dVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;
type Key = (typeof KEYS)[number];

const wrapYaw = (deg: number): number => {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
};

export class ObstacleRun3dSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  private yawDeg = 0;
  private pitchDeg: number = Rules.startPitch;
  private readonly held = new Set<Key>();
  private readonly course: Course;
  private readonly body: RunnerBody;
  /** Platform stood on (or last stood on) and the furthest one reached, in path order. */
  private platformIndex = 0;
  private bestPlatform = 0;
  /** Furthest path distance reached while standing, m. */
  private reached = 0;
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private depth: Float32Array | undefined;
  private readonly playerSlot: number;

  constructor(
    private readonly variant: ObstacleRun3dVariant,
    options: SimulationOptions,
  ) {
    this.course = new Course(variant, options.seed);
    this.body = spawnBody(this.course);
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
    const { body, course } = this;
    const controls = {
      forward: this.held.has('W'),
      back: this.held.has('S'),
      left: this.held.has('A'),
      right: this.held.has('D'),
      jump: this.held.has('Space'),
    };
    const step = stepBody(body, controls, this.yawDeg, this.tickMs, course);
    if (step.jumped) this.events.push({ name: 'jump', slot: this.playerSlot });
    if (step.landed !== undefined) {
      this.platformIndex = course.platforms.indexOf(step.landed);
      if (this.platformIndex > this.bestPlatform) {
        this.bestPlatform = this.platformIndex;
        this.events.push({ name: 'platform_reached', slot: this.playerSlot, data: { index: this.platformIndex, of: course.platforms.length } });
      }
    }
    if (body.onGround) this.reached = Math.max(this.reached, course.pathDistance(this.platformIndex, body.x, body.z));
    if (body.onGround && this.platformIndex === course.platforms.length - 1) {
      this.reached = course.pathLength;
      this.events.push({ name: 'finished', slot: this.playerSlot, data: { simMs: this.simMs } });
      this.end = { reason: 'finished', outcomes: [{ slot: this.playerSlot, result: 'win' }] };
    } else if (step.fell) {
      this.events.push({ name: 'fell', slot: this.playerSlot, data: { platform: this.platformIndex } });
      this.end = { reason: 'fell', outcomes: [{ slot: this.playerSlot, result: 'loss' }] };
    } else if (this.simMs >= this.variant.timeLimitMs) {
      this.end = { reason: 'time_limit', outcomes: [{ slot: this.playerSlot, result: 'loss' }] };
    }
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    drawScene(createCanvas(width, height, out, this.depth), {
      course: this.course,
      body: this.body,
      yawDeg: this.yawDeg,
      pitchDeg: this.pitchDeg,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      progress: this.currentProgress(),
    });
  }

  private currentProgress(): number {
    return Math.min(1, Math.max(0, this.reached / this.course.pathLength));
  }

  progress(): readonly PlayerProgress[] {
    return [{ slot: this.playerSlot, progress: this.currentProgress(), score: Math.round(this.reached * 100) / 100 }];
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): ObstacleRun3dState {
    const { body, course } = this;
    return {
      game: 'obstacle_run_3d',
      variant: this.variant.id,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      tickMs: this.tickMs,
      player: { x: body.x, y: body.y, z: body.z, vx: body.vx, vy: body.vy, vz: body.vz, onGround: body.onGround, alive: this.end?.reason !== 'fell' },
      camera: { yaw: this.yawDeg, pitch: this.pitchDeg },
      platformIndex: this.platformIndex,
      bestPlatform: this.bestPlatform,
      path: { length: course.pathLength, reached: this.reached, progress: this.currentProgress() },
      deathY: course.deathY,
      platforms: course.platforms.map((p) => ({ x: p.x, z: p.z, halfX: p.halfX, halfZ: p.halfZ, top: p.top, bottom: p.bottom })),
      physics: {
        moveSpeed: Rules.moveSpeed,
        jumpSpeed: Rules.jumpSpeed,
        gravity: Rules.gravity,
        radius: Rules.radius,
        height: Rules.height,
      },
    };
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
