/** One episode of obstacle_run_2d: a fixed-timestep simulation behind the `Simulation` seam. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { spawnBody, stepBody, type RunnerBody } from './body.js';
import { Course } from './course.js';
import { Rules } from './rules.js';
import type { ObstacleRun2dState } from './state.js';
import type { ObstacleRun2dVariant } from './variants.js';
import { drawScene, makeClouds, type Cloud } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['A', 'D', 'Space'] as const;
type Key = (typeof KEYS)[number];

/** Time constant of the camera's vertical follow, ms. */
const CAMERA_LAG_MS = 250;

export class ObstacleRun2dSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  private readonly held = new Set<Key>();
  private readonly course: Course;
  private readonly body: RunnerBody = spawnBody();
  private readonly clouds: readonly Cloud[];
  private maxX: number = Rules.startX;
  private bestPlatform = 0;
  /** Height the camera frames, following the last platform stood on, m. */
  private cameraY = 0;
  private groundY = 0;
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private depth: Float32Array | undefined;
  private readonly playerSlot: number;

  constructor(
    private readonly variant: ObstacleRun2dVariant,
    options: SimulationOptions,
  ) {
    this.course = new Course(variant, options.seed);
    this.clouds = makeClouds(new Prng(options.seed, 3), variant.finishX);
    this.playerSlot = options.slots[0] ?? 0;
  }

  input(event: InputEvent): void {
    if (event.slot !== this.playerSlot || event.type !== 'key') return;
    const key = KEYS.find((k) => k.toLowerCase() === event.key.toLowerCase());
    if (key === undefined) return;
    if (event.down) this.held.add(key);
    else this.held.delete(key);
  }

  tick(): void {
    if (this.end) return;
    this.simMs += this.tickMs;
    const { body, course } = this;
    const step = stepBody(body, { left: this.held.has('A'), right: this.held.has('D'), jump: this.held.has('Space') }, this.tickMs, course);
    if (step.jumped) this.events.push({ name: 'jump', slot: this.playerSlot });
    if (step.landed !== undefined) {
      const index = course.indexOf(step.landed);
      this.groundY = step.landed.top;
      if (index > this.bestPlatform) {
        this.bestPlatform = index;
        this.events.push({ name: 'platform_reached', slot: this.playerSlot, data: { index, of: course.platforms.length } });
      }
    }
    if (body.onGround) this.maxX = Math.max(this.maxX, Math.min(body.x, course.finishX));
    this.cameraY += (this.groundY - this.cameraY) * (1 - Math.exp(-this.tickMs / CAMERA_LAG_MS));
    if (body.x >= course.finishX) {
      this.maxX = course.finishX;
      this.events.push({ name: 'finished', slot: this.playerSlot, data: { simMs: this.simMs } });
      this.end = { reason: 'finished', outcomes: [{ slot: this.playerSlot, result: 'win' }] };
    } else if (step.fell) {
      this.events.push({ name: 'fell', slot: this.playerSlot, data: { x: Math.round(body.x * 100) / 100 } });
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
      clouds: this.clouds,
      cameraY: this.cameraY,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      progress: this.currentProgress(),
    });
  }

  private currentProgress(): number {
    return Math.min(1, Math.max(0, this.maxX / this.course.finishX));
  }

  progress(): readonly PlayerProgress[] {
    const progress = this.currentProgress();
    return [{ slot: this.playerSlot, progress, score: Math.round(this.maxX * 100) / 100 }];
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): ObstacleRun2dState {
    const { body, course } = this;
    return {
      game: 'obstacle_run_2d',
      variant: this.variant.id,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      tickMs: this.tickMs,
      player: { x: body.x, y: body.y, vx: body.vx, vy: body.vy, onGround: body.onGround, alive: this.end?.reason !== 'fell' },
      maxX: this.maxX,
      finishX: course.finishX,
      progress: this.currentProgress(),
      deathY: course.deathY,
      platforms: course.platforms.map((p) => ({ x0: p.x0, x1: p.x1, top: p.top, bottom: p.bottom })),
      physics: {
        runSpeed: Rules.runSpeed,
        jumpSpeed: Rules.jumpSpeed,
        gravity: Rules.gravity,
        halfWidth: Rules.halfWidth,
        height: Rules.height,
      },
    };
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
