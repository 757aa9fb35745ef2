/** The sky_duel simulation: two fighters on a floating square, fixed 10 ms ticks. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { applyHit, startSwing, strikeLands, tickSwing } from './combat.js';
import { NO_CONTROLS, separate, spawnFighter, stepFighter, type Controls, type Fighter } from './fighter.js';
import { Rules } from './rules.js';
import type { SkyDuelState } from './state.js';
import type { SkyDuelVariant, Spawn } from './variants.js';
import type { Cloud } from './scene.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;
type Key = (typeof KEYS)[number];

type Result = 'win' | 'draw' | 'loss';

/** Background clouds per episode (drawn only). */
const CLOUDS = 10;

/** `spawn` moved `shift` metres to its own right. */
function sideways(spawn: Spawn, shift: number): Spawn {
  const yaw = (spawn.yawDeg * Math.PI) / 180;
  return { x: spawn.x + shift * Math.cos(yaw), z: spawn.z - shift * Math.sin(yaw), yawDeg: spawn.yawDeg };
}

const wrapYaw = (deg: number): number => {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
};

export class SkyDuelSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  private readonly fighters: readonly [Fighter, Fighter];
  private readonly held: readonly [Set<Key>, Set<Key>] = [new Set(), new Set()];
  private readonly swingPressed = [false, false];
  /** Slots taking part; a fighter whose slot is absent stands still. */
  private readonly active: readonly number[];
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private readonly results = new Map<number, Result>();
  private depth: Float32Array | undefined;
  private readonly clouds: readonly Cloud[];

  constructor(
    private readonly variant: SkyDuelVariant,
    options: SimulationOptions,
  ) {
    const rng = new Prng(options.seed, 1);
    // The seed shifts both spawns sideways by the same amount, mirrored through the centre, so neither side gains.
    const shift = Math.round((rng.next() * 2 - 1) * 60) / 100;
    const [s0, s1] = variant.spawns;
    this.fighters = [spawnFighter(0, 0, sideways(s0, shift)), spawnFighter(1, 1, sideways(s1, shift))];
    this.active = [0, 1].filter((s) => options.slots.includes(s));
    this.clouds = Array.from({ length: CLOUDS }, (_, i) => {
      const angle = ((i + rng.next() * 0.8) / CLOUDS) * 2 * Math.PI;
      const dist = 45 + rng.next() * 35;
      return { x: Math.sin(angle) * dist, y: -14 + rng.next() * 20, z: Math.cos(angle) * dist, w: 6 + rng.next() * 10, d: 4 + rng.next() * 6 };
    });
  }

  input(event: InputEvent): void {
    if (!this.active.includes(event.slot)) return;
    const slot = event.slot as 0 | 1;
    switch (event.type) {
      case 'key': {
        const key = KEYS.find((k) => k.toLowerCase() === event.key.toLowerCase());
        if (key === undefined) return;
        if (event.down) this.held[slot].add(key);
        else this.held[slot].delete(key);
        return;
      }
      case 'look':
        this.fighters[slot].yawDeg = wrapYaw(this.fighters[slot].yawDeg + event.dx);
        return;
      case 'button':
        if (event.button === 'left' && event.down) this.swingPressed[slot] = true;
        return;
    }
  }

  private controls(slot: 0 | 1): Controls {
    const held = this.held[slot];
    if (held.size === 0) return NO_CONTROLS;
    return { forward: held.has('W'), back: held.has('S'), left: held.has('A'), right: held.has('D'), jump: held.has('Space') };
  }

  tick(): void {
    if (this.end) return;
    this.simMs += this.tickMs;
    const [a, b] = this.fighters;
    for (const f of this.fighters) {
      const slot = f.slot as 0 | 1;
      if (this.swingPressed[slot]) {
        this.swingPressed[slot] = false;
        if (startSwing(f)) this.events.push({ name: 'swing', slot });
      }
      if (f.fallen) continue;
      if (stepFighter(f, this.controls(slot), this.tickMs, this.variant.side).jumped) this.events.push({ name: 'jump', slot });
    }
    separate(a, b);
    // Both strikes due this tick are judged on the same positions, then applied together.
    const landing = this.fighters.map((f) => tickSwing(f, this.tickMs));
    const hits = [landing[0] === true && strikeLands(a, b), landing[1] === true && strikeLands(b, a)];
    if (hits[0]) applyHit(a, b);
    if (hits[1]) applyHit(b, a);
    for (const [i, f] of this.fighters.entries()) {
      const other = this.fighters[1 - i]!;
      if (hits[i]) this.events.push({ name: 'hit', slot: f.slot, data: { target: other.slot, targetHp: other.hp } });
      else if (landing[i]) this.events.push({ name: 'miss', slot: f.slot });
    }
    this.checkEnd();
  }

  private checkEnd(): void {
    const [a, b] = this.fighters;
    const lost = (f: Fighter): boolean => f.fallen || f.hp <= 0;
    for (const f of this.fighters) {
      if (f.fallen) this.events.push({ name: 'fell', slot: f.slot });
      else if (f.hp <= 0) this.events.push({ name: 'knocked_out', slot: f.slot });
    }
    if (lost(a) || lost(b)) {
      const reason = a.fallen || b.fallen ? 'fell' : 'knockout';
      this.finish(reason, lost(a) && lost(b) ? ['draw', 'draw'] : lost(a) ? ['loss', 'win'] : ['win', 'loss']);
    } else if (this.simMs >= this.variant.timeLimitMs) {
      this.finish('time_limit', a.hp === b.hp ? ['draw', 'draw'] : a.hp > b.hp ? ['win', 'loss'] : ['loss', 'win']);
    }
  }

  private finish(reason: string, results: readonly [Result, Result]): void {
    results.forEach((r, slot) => this.results.set(slot, r));
    this.end = { reason, outcomes: this.active.map((slot) => ({ slot, result: results[slot]! })) };
  }

  render(slot: number, width: number, height: number, out: Uint8Array): void {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    const self = this.fighters[slot === 1 ? 1 : 0];
    const other = this.fighters[slot === 1 ? 0 : 1];
    drawScene(createCanvas(width, height, out, this.depth), {
      side: this.variant.side,
      clouds: this.clouds,
      self,
      other,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      result: this.results.get(self.slot),
    });
  }

  progress(): readonly PlayerProgress[] {
    return this.active.map((slot) => {
      const self = this.fighters[slot === 1 ? 1 : 0];
      const other = this.fighters[slot === 1 ? 0 : 1];
      const margin = self.hp - other.hp;
      const result = this.results.get(slot);
      const during = Math.min(1, Math.max(0, 0.5 + margin / 200));
      const progress = result === undefined ? during : result === 'win' ? 1 : result === 'draw' ? 0.5 : 0;
      return { slot, progress, score: margin };
    });
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): SkyDuelState {
    return {
      game: 'sky_duel',
      variant: this.variant.id,
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      tickMs: this.tickMs,
      platform: { side: this.variant.side },
      fighters: this.fighters.map((f) => ({
        slot: f.slot,
        team: f.team,
        active: this.active.includes(f.slot),
        x: f.x,
        y: f.y,
        z: f.z,
        vx: f.vx,
        vy: f.vy,
        vz: f.vz,
        onGround: f.onGround,
        yaw: f.yawDeg,
        hp: f.hp,
        cooldownMs: f.cooldownMs,
        windupMs: f.windupMs,
        knockX: f.knockMs > 0 ? f.knockX : 0,
        knockZ: f.knockMs > 0 ? f.knockZ : 0,
        knockMs: f.knockMs,
        fallen: f.fallen,
      })),
      rules: {
        maxHp: Rules.maxHp,
        damage: Rules.damage,
        moveSpeed: Rules.moveSpeed,
        jumpSpeed: Rules.jumpSpeed,
        gravity: Rules.gravity,
        radius: Rules.radius,
        reach: Rules.reach,
        arcDeg: Rules.arcDeg,
        heightTolerance: Rules.heightTolerance,
        windupMs: Rules.windupMs,
        cooldownMs: Rules.cooldownMs,
        knockbackSpeed: Rules.knockbackSpeed,
        knockbackMs: Rules.knockbackMs,
        fallDepth: Rules.fallDepth,
      },
    };
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
