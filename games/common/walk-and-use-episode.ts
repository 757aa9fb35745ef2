/**
 * An episode of a walk-and-use game (cue_chase, scene_escape): the player walks a floor with WASD, jumps with
 * Space, looks with the mouse and presses F to use what it faces; messages show for a while; the time limit
 * ends the episode with no outcome.
 */
import type { InputEvent } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { wrapDeg } from './angles.js';
import type { Footprint } from './collide.js';
import type { EpisodeHead, EpisodeVariant } from './episode.js';
import { secondsLeft } from './hud.js';
import { PlayerInput } from './player-input.js';
import { SoloEpisode } from './solo-episode.js';
import { stepWalker, type WalkerBody, type WalkerRules } from './walker.js';

/** The keys these games read, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space', 'F'] as const;

/** The rules the walking, the camera and the messages follow: times in ms, distances in m, angles in degrees. */
export interface WalkAndUseRules extends WalkerRules {
  readonly tickMs: number;
  /** Something can be used from this far (centre to centre, horizontally)... */
  readonly reach: number;
  /** ...when it lies within this angle of the camera heading. */
  readonly facingDeg: number;
  /** How long a message stays on screen. */
  readonly messageMs: number;
  readonly pitchMin: number;
  readonly pitchMax: number;
  readonly startPitch: number;
}

/** Where the player starts: feet position in m and camera heading in degrees. */
export interface WalkStart {
  readonly x: number;
  readonly z: number;
  readonly yawDeg: number;
}

/** A message on screen until `untilMs` of game time; `good` says how it reads. */
export interface TimedMessage {
  readonly text: string;
  readonly untilMs: number;
  readonly good: boolean;
}

/** The walking, F presses, messages and time limit of a walk-and-use game; the game says what F does. */
export abstract class WalkAndUseEpisode<V extends EpisodeVariant> extends SoloEpisode<V> {
  readonly tickMs: number;
  /** The player's held keys and camera heading and tilt. */
  protected readonly pilot: PlayerInput<(typeof KEYS)[number]>;
  protected readonly body: WalkerBody;
  protected message: TimedMessage | undefined;
  private interactQueued = false;

  constructor(
    variant: V,
    options: SimulationOptions,
    private readonly rules: WalkAndUseRules,
    start: WalkStart,
  ) {
    super(variant, options);
    this.tickMs = rules.tickMs;
    this.body = { x: start.x, y: 0, z: start.z, vy: 0, onGround: true };
    this.pilot = new PlayerInput(KEYS, { yawDeg: start.yawDeg, pitchDeg: rules.startPitch, pitchMin: rules.pitchMin, pitchMax: rules.pitchMax, wrap: wrapDeg });
  }

  /** Everything that blocks walking now. */
  protected abstract solids(): readonly Footprint[];

  /** Acts on an F press: uses what the player faces, or says why not. */
  protected abstract interact(): void;

  input(event: InputEvent): void {
    if (event.slot !== this.playerSlot) return;
    // F acts once per press, on the tick after it arrives.
    if (this.pilot.apply(event) === 'F') this.interactQueued = true;
  }

  protected step(): void {
    if (stepWalker(this.body, this.pilot.keys.movement(), this.pilot.yawDeg, this.tickMs, this.rules, this.solids())) this.emit('jump');
    if (this.interactQueued) {
      this.interactQueued = false;
      this.interact();
    }
    if (this.message && this.simMs >= this.message.untilMs) this.message = undefined;
    if (this.end === undefined && this.timeUp) this.finish('time_limit', 'none');
  }

  /** Shows `text` for `messageMs`. */
  protected say(text: string, good: boolean): void {
    this.message = { text, untilMs: this.simMs + this.rules.messageMs, good };
  }

  /** What every frame shows of the player: the body, the camera, the message and the whole seconds left. */
  protected playerView(): { body: WalkerBody; yawDeg: number; pitchDeg: number; message: TimedMessage | undefined; secondsLeft: number } {
    return { body: this.body, yawDeg: this.pilot.yawDeg, pitchDeg: this.pilot.pitchDeg, message: this.message, secondsLeft: secondsLeft(this.variant.timeLimitMs - this.simMs) };
  }

  /** How `state()` opens: the head, then the player's feet and the camera. */
  protected walkerHead<const G extends string>(game: G): EpisodeHead<G> & { player: { x: number; y: number; z: number; onGround: boolean }; camera: { yaw: number; pitch: number } } {
    const { body } = this;
    return { ...this.head(game), player: { x: body.x, y: body.y, z: body.z, onGround: body.onGround }, camera: { yaw: this.pilot.yawDeg, pitch: this.pilot.pitchDeg } };
  }

  /** The rules' numbers `state()` reports. */
  protected reachRules(): { moveSpeed: number; playerRadius: number; reach: number; facingDeg: number } {
    const { rules } = this;
    return { moveSpeed: rules.moveSpeed, playerRadius: rules.playerRadius, reach: rules.reach, facingDeg: rules.facingDeg };
  }
}
