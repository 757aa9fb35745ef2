/** One player's held keys and view heading and tilt, fed by the host's key and look events. */
import type { InputEvent } from '../../protocol/index.js';
import { clampPitch, wrapYaw } from './angles.js';
import { HeldKeys, type MoveControls } from './held-keys.js';

/** Where the view starts, how far it tilts, and how a heading wraps. */
export interface ViewLimits {
  readonly yawDeg: number;
  readonly pitchDeg: number;
  readonly pitchMin: number;
  readonly pitchMax: number;
  /** Wraps a heading after a turn, degrees; default `wrapYaw`, into (-180, 180]. */
  readonly wrap?: (deg: number) => number;
}

/** Held keys plus the heading (mouse x) and tilt (mouse y, clamped) of a third- or first-person view, and a left stick. */
export class PlayerInput<K extends string> {
  readonly keys: HeldKeys<K>;
  yawDeg: number;
  pitchDeg: number;
  /** The gamepad's left stick (`LX`, `LY`), for the games that read it; at rest unless the host let axes through. */
  private readonly stick = { x: 0, y: 0 };
  private readonly limits: ViewLimits;

  constructor(keys: readonly K[], limits: ViewLimits) {
    this.keys = new HeldKeys(keys);
    this.yawDeg = limits.yawDeg;
    this.pitchDeg = limits.pitchDeg;
    this.limits = limits;
  }

  /** Applies a key or look event (buttons are left to the game); returns a key newly pressed, if any. */
  apply(event: InputEvent): K | undefined {
    switch (event.type) {
      case 'key':
        return this.keys.apply(event);
      case 'look':
        this.yawDeg = (this.limits.wrap ?? wrapYaw)(this.yawDeg + event.dx);
        this.pitchDeg = clampPitch(this.pitchDeg + event.dy, this.limits.pitchMin, this.limits.pitchMax);
        return undefined;
      case 'axis':
        if (event.axis === 'LX') this.stick.x = event.value;
        if (event.axis === 'LY') this.stick.y = event.value;
        return undefined;
      case 'button':
      case 'move':
        return undefined;
    }
  }

  /** The walking controls: the held keys' and, while it is off rest, the left stick's. */
  movement(): MoveControls {
    const keys = this.keys.movement();
    return this.stick.x === 0 && this.stick.y === 0 ? keys : { ...keys, stick: { ...this.stick } };
  }
}
