/** One episode of obstacle_run_2d: a fixed-timestep simulation behind the `Simulation` seam. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { HeldKeys } from '../common/held-keys.js';
import { SoloEpisode } from '../common/solo-episode.js';
import { spawnBody, stepBody, type RunnerBody } from './body.js';
import { Course } from './course.js';
import { Rules } from './rules.js';
import type { ObstacleRun2dState } from './state.js';
import type { ObstacleRun2dVariant } from './variants.js';
import { drawScene, makeClouds, type Cloud } from './view.js';

/** Time constant of the camera's vertical follow, ms. */
const CAMERA_LAG_MS = 250;

export class ObstacleRun2dSimulation extends SoloEpisode<ObstacleRun2dVariant> {
  readonly tickMs = Rules.tickMs;
  /** The keys the game reads, by canonical name. */
  private readonly keys = new HeldKeys(['A', 'D', 'Space'] as const);
  private readonly course: Course;
  private readonly body: RunnerBody = spawnBody();
  private readonly clouds: readonly Cloud[];
  private maxX: number = Rules.startX;
  private bestPlatform = 0;
  /** Height the camera frames, following the last platform stood on, m. */
  private cameraY = 0;
  private groundY = 0;

  constructor(
    variant: ObstacleRun2dVariant,
    options: SimulationOptions,
  ) {
    super(variant, options);
    this.course = new Course(variant, options.seed);
    this.clouds = makeClouds(new Prng(options.seed, 3), variant.finishX);
  }

  input(event: InputEvent): void {
    if (event.slot === this.playerSlot && event.type === 'key') this.keys.apply(event);
  }

  protected step(): void {
    const { body, course } = this;
    const moved = stepBody(body, { left: this.keys.has('A'), right: this.keys.has('D'), jump: this.keys.has('Space') }, this.tickMs, course);
    if (moved.jumped) this.emit('jump');
    if (moved.landed !== undefined) {
      const index = course.indexOf(moved.landed);
      this.groundY = moved.landed.top;
      if (index > this.bestPlatform) {
        this.bestPlatform = index;
        this.emit('platform_reached', { index, of: course.platforms.length });
      }
    }
    if (body.onGround) this.maxX = Math.max(this.maxX, Math.min(body.x, course.finishX));
    this.cameraY += (this.groundY - this.cameraY) * (1 - Math.exp(-this.tickMs / CAMERA_LAG_MS));
    if (body.x >= course.finishX) {
      this.maxX = course.finishX;
      this.emit('finished', { simMs: this.simMs });
      this.finish('finished', 'win');
    } else if (moved.fell) {
      this.emit('fell', { x: Math.round(body.x * 100) / 100 });
      this.finish('fell', 'loss');
    } else if (this.timeUp) {
      this.finish('time_limit', 'loss');
    }
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    drawScene(this.canvas(width, height, out), {
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

  state(): ObstacleRun2dState {
    const { body, course } = this;
    return {
      ...this.head('obstacle_run_2d'),
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
}
