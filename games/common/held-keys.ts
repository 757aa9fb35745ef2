/** The keys one player holds, by the game's canonical names, and the walking controls they make. */
import { canonicalControl } from '../../protocol/index.js';

/** The movement keys held during one tick: WASD and Space. */
export interface MoveControls {
  readonly forward: boolean;
  readonly back: boolean;
  readonly left: boolean;
  readonly right: boolean;
  readonly jump: boolean;
  /** A gamepad's left stick, where a game reads one and it is off rest: x strafes right, y walks forward, each in [-1, 1]. */
  readonly stick?: { readonly x: number; readonly y: number };
}

/** A key event as the host delivers it. */
interface KeyEvent {
  readonly key: string;
  readonly down: boolean;
}

/** The subset of `names` a player holds; key names from events match by the protocol's case rule. */
export class HeldKeys<K extends string> {
  private readonly held = new Set<K>();

  constructor(private readonly names: readonly K[]) {}

  /** Applies a key event; returns the key when it went down while up (a new press), else undefined. */
  apply(event: KeyEvent): K | undefined {
    const key = canonicalControl(event.key, this.names) as K | undefined;
    if (key === undefined) return undefined;
    const pressed = event.down && !this.held.has(key);
    if (event.down) this.held.add(key);
    else this.held.delete(key);
    return pressed ? key : undefined;
  }

  /** Whether `key` is held now. */
  has(key: K): boolean {
    return this.held.has(key);
  }

  /** W forward, S back, A left, D right, Space jump (keys the game does not read count as up). */
  movement(): MoveControls {
    const held: ReadonlySet<string> = this.held;
    return { forward: held.has('W'), back: held.has('S'), left: held.has('A'), right: held.has('D'), jump: held.has('Space') };
  }
}
