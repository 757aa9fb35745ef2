/** One episode of obstacle_run_3d: a fixed-timestep simulation behind the `Simulation` seam. */
import type { InputEvent, PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { PlayerInput } from '../common/player-input.js';
import { SoloEpisode } from '../common/solo-episode.js';
import { spawnBody, stepBody, type RunnerBody } from './body.js';
import { Course } from './course.js';
import { Rules } from './rules.js';
import type { ObstacleRun3dState } from './state.js';
import type { ObstacleRun3dVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;

export class ObstacleRun3dSimulation extends SoloEpisode<ObstacleRun3dVariant> {
  readonly tickMs = Rules.tickMs;
  /** The player's held keys and camera heading and tilt; the start yaw looks along +z. */
  private readonly pilot = new PlayerInput(KEYS, { yawDeg: 0, pitchDeg: Rules.startPitch, pitchMin: Rules.pitchMin, pitchMax: Rules.pitchMax });
  private readonly course: Course;
  private readonly body: RunnerBody;
  /** Platform stood on (or last stood on) and the furthest one reached, in path order. */
  private platformIndex = 0;
  private bestPlatform = 0;
  /** Furthest path distance reached while standing, m. */
  private reached = 0;

  constructor(
    variant: ObstacleRun3dVariant,
    options: SimulationOptions,
  ) {
    super(variant, options);
    this.course = new Course(variant, options.seed);
    this.body = spawnBody(this.course);
  }

  input(event: InputEvent): void {
    if (event.slot === this.playerSlot) this.pilot.apply(event);
  }

  protected step(): void {
    const { body, course } = this;
    const moved = stepBody(body, this.pilot.keys.movement(), this.pilot.yawDeg, this.tickMs, course);
    if (moved.jumped) this.emit('jump');
    if (moved.landed !== undefined) {
      this.platformIndex = course.platforms.indexOf(moved.landed);
      if (this.platformIndex > this.bestPlatform) {
        this.bestPlatform = this.platformIndex;
        this.emit('platform_reached', { index: this.platformIndex, of: course.platforms.length });
      }
    }
    if (body.onGround) this.reached = Math.max(this.reached, course.pathDistance(this.platformIndex, body.x, body.z));
    if (body.onGround && this.platformIndex === course.platforms.length - 1) {
      this.reached = course.pathLength;
      this.emit('finished', { simMs: this.simMs });
      this.finish('finished', 'win');
    } else if (moved.fell) {
      this.emit('fell', { platform: this.platformIndex });
      this.finish('fell', 'loss');
    } else if (this.timeUp) {
      this.finish('time_limit', 'loss');
    }
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    drawScene(this.canvas(width, height, out), {
      course: this.course,
      body: this.body,
      yawDeg: this.pilot.yawDeg,
      pitchDeg: this.pilot.pitchDeg,
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

  state(): ObstacleRun3dState {
    const { body, course } = this;
    return {
      ...this.head('obstacle_run_3d'),
      player: { x: body.x, y: body.y, z: body.z, vx: body.vx, vy: body.vy, vz: body.vz, onGround: body.onGround, alive: this.end?.reason !== 'fell' },
      camera: { yaw: this.pilot.yawDeg, pitch: this.pilot.pitchDeg },
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
}
