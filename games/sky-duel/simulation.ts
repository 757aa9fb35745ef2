/** The sky_duel simulation: two fighters on a floating square, fixed 10 ms ticks. */
import { Prng, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { wrapYaw } from '../common/angles.js';
import { DuelEpisode, byMargin, sides } from '../common/duel-episode.js';
import { applyHit, startSwing, strikeLands, tickSwing } from './combat.js';
import { separate, spawnFighter, stepFighter, type Fighter } from './fighter.js';
import { Rules } from './rules.js';
import type { SkyDuelState } from './state.js';
import type { SkyDuelVariant, Spawn } from './variants.js';
import type { Cloud } from './scene.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;

/** Background clouds per episode (drawn only). */
const CLOUDS = 10;

/** `spawn` moved `shift` metres to its own right. */
function sideways(spawn: Spawn, shift: number): Spawn {
  const yaw = (spawn.yawDeg * Math.PI) / 180;
  return { x: spawn.x + shift * Math.cos(yaw), z: spawn.z - shift * Math.sin(yaw), yawDeg: spawn.yawDeg };
}

export class SkyDuelSimulation extends DuelEpisode<SkyDuelVariant, (typeof KEYS)[number]> {
  readonly tickMs = Rules.tickMs;
  private readonly fighters: readonly [Fighter, Fighter];
  private readonly clouds: readonly Cloud[];

  constructor(
    variant: SkyDuelVariant,
    options: SimulationOptions,
  ) {
    super(variant, KEYS, options);
    const rng = new Prng(options.seed, 1);
    // The seed shifts both spawns sideways by the same amount, mirrored through the centre, so neither side gains.
    const shift = Math.round((rng.next() * 2 - 1) * 60) / 100;
    const [s0, s1] = variant.spawns;
    this.fighters = [spawnFighter(0, 0, sideways(s0, shift)), spawnFighter(1, 1, sideways(s1, shift))];
    this.clouds = Array.from({ length: CLOUDS }, (_, i) => {
      const angle = ((i + rng.next() * 0.8) / CLOUDS) * 2 * Math.PI;
      const dist = 45 + rng.next() * 35;
      return { x: Math.sin(angle) * dist, y: -14 + rng.next() * 20, z: Math.cos(angle) * dist, w: 6 + rng.next() * 10, d: 4 + rng.next() * 6 };
    });
  }

  /** Mouse X turns the fighter; the camera tilt is fixed. */
  protected look(slot: 0 | 1, dx: number): void {
    this.fighters[slot].yawDeg = wrapYaw(this.fighters[slot].yawDeg + dx);
  }

  protected step(): void {
    const [a, b] = this.fighters;
    for (const f of this.fighters) {
      const slot = f.slot as 0 | 1;
      if (this.pressed[slot]) {
        this.pressed[slot] = false;
        if (startSwing(f)) this.events.push({ name: 'swing', slot });
      }
      if (f.fallen) continue;
      if (stepFighter(f, this.held[slot].movement(), this.tickMs, this.variant.side)) this.events.push({ name: 'jump', slot });
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
    } else if (this.timeUp) {
      this.finish('time_limit', byMargin(a.hp, b.hp));
    }
  }

  render(slot: number, width: number, height: number, out: Uint8Array): void {
    const [self, other] = sides(this.fighters, slot);
    drawScene(this.canvas(width, height, out), {
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
      const [self, other] = sides(this.fighters, slot);
      const margin = self.hp - other.hp;
      const result = this.results.get(slot);
      const during = Math.min(1, Math.max(0, 0.5 + margin / 200));
      const progress = result === undefined ? during : result === 'win' ? 1 : result === 'draw' ? 0.5 : 0;
      return { slot, progress, score: margin };
    });
  }

  state(): SkyDuelState {
    return {
      ...this.head('sky_duel'),
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
}
