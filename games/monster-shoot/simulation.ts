/** One episode of monster_shoot: the player, the horde, hitscan shots, damage and the end conditions. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { Arena, rayBox } from './arena.js';
import { Horde, type Monster, type MonsterChange } from './monsters.js';
import { stepBody, viewDirection, type PlayerBody } from './player.js';
import { Rules } from './rules.js';
import type { MonsterShootState } from './state.js';
import type { MonsterShootVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;
type Key = (typeof KEYS)[number];

const wrapYaw = (deg: number): number => {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
};

export class MonsterShootSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  private yawDeg: number;
  private pitchDeg = 0;
  private readonly held = new Set<Key>();
  private readonly arena: Arena;
  private readonly horde: Horde;
  private readonly body: PlayerBody;
  private shotQueued = false;
  private cooldownMs = 0;
  private hurtMs = 0;
  private damageDealt = 0;
  private readonly totalHealth: number;
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private depth: Float32Array | undefined;
  private readonly playerSlot: number;

  constructor(
    private readonly variant: MonsterShootVariant,
    options: SimulationOptions,
  ) {
    this.arena = new Arena(variant);
    this.horde = new Horde(variant, this.arena, new Prng(options.seed, 1));
    this.body = { x: variant.start.x, y: 0, z: variant.start.z, vy: 0, onGround: true, hp: Rules.playerHp };
    this.yawDeg = variant.start.yawDeg;
    this.totalHealth = variant.count * variant.health;
    this.playerSlot = options.slots[0] ?? 0;
    const changes: MonsterChange[] = [];
    this.horde.spawnInitial(changes);
    this.report(changes);
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
      case 'button':
        // Each press fires one shot (queued until the gun is ready).
        if (event.button === 'left' && event.down) this.shotQueued = true;
        return;
      case 'look':
        this.yawDeg = wrapYaw(this.yawDeg + event.dx);
        this.pitchDeg = Math.min(Rules.pitchMax, Math.max(Rules.pitchMin, this.pitchDeg + event.dy));
        return;
    }
  }

  tick(): void {
    if (this.end) return;
    this.simMs += this.tickMs;
    const { body } = this;
    this.hurtMs = Math.max(0, this.hurtMs - this.tickMs);
    this.cooldownMs = Math.max(0, this.cooldownMs - this.tickMs);
    const controls = {
      forward: this.held.has('W'),
      back: this.held.has('S'),
      left: this.held.has('A'),
      right: this.held.has('D'),
      jump: this.held.has('Space'),
    };
    if (stepBody(body, controls, this.yawDeg, this.tickMs, this.arena)) this.events.push({ name: 'jump', slot: this.playerSlot });
    if (this.shotQueued && this.cooldownMs <= 0) this.fire();
    const changes: MonsterChange[] = [];
    this.horde.update(this.simMs, this.tickMs, body.x, body.z, changes);
    this.report(changes);
    if (body.hp <= 0) {
      this.end = { reason: 'killed', outcomes: [{ slot: this.playerSlot, result: 'loss' }] };
    } else if (this.horde.remaining === 0 && this.horde.monsters.length === 0) {
      this.end = { reason: 'cleared', outcomes: [{ slot: this.playerSlot, result: 'win' }] };
    } else if (this.simMs >= this.variant.timeLimitMs) {
      this.end = { reason: 'time_limit', outcomes: [{ slot: this.playerSlot, result: 'none' }] };
    }
  }

  /** The monster under the crosshair and its distance, if any is in front of the nearest wall. */
  private aimed(): { monster: Monster; distance: number } | undefined {
    const { body } = this;
    const eye = body.y + Rules.eyeHeight;
    const [dx, dy, dz] = viewDirection(this.yawDeg, this.pitchDeg);
    let best = this.arena.rayDistance(body.x, eye, body.z, dx, dy, dz);
    let hit: Monster | undefined;
    const hw = Rules.monsterHalfWidth;
    for (const m of this.horde.monsters) {
      const t = rayBox(body.x, eye, body.z, dx, dy, dz, m.x - hw, 0, m.z - hw, m.x + hw, Rules.monsterHeight, m.z + hw);
      if (t !== undefined && t < best) {
        best = t;
        hit = m;
      }
    }
    return hit === undefined ? undefined : { monster: hit, distance: best };
  }

  private fire(): void {
    this.shotQueued = false;
    this.cooldownMs = Rules.shotCooldownMs;
    const target = this.aimed();
    this.events.push({ name: 'shot', slot: this.playerSlot, data: { hit: target !== undefined } });
    if (target === undefined) return;
    const { monster } = target;
    const damage = Math.min(Rules.shotDamage, monster.health);
    monster.health -= damage;
    monster.flashMs = Rules.hitFlashMs;
    this.damageDealt += damage;
    this.events.push({ name: 'monster_hit', slot: this.playerSlot, data: { id: monster.id, damage, health: monster.health } });
    if (monster.health <= 0) {
      this.horde.remove(monster);
      this.events.push({ name: 'monster_killed', slot: this.playerSlot, data: { id: monster.id } });
    }
  }

  private report(changes: readonly MonsterChange[]): void {
    for (const change of changes) {
      const { monster } = change;
      if (change.name === 'monster_detonated') {
        this.body.hp = Math.max(0, this.body.hp - Rules.detonateDamage);
        this.hurtMs = Rules.hurtFlashMs;
        this.events.push({ name: 'monster_detonated', slot: this.playerSlot, data: { id: monster.id, health: monster.health, hp: this.body.hp } });
      } else {
        this.events.push({ name: 'monster_spawned', data: { id: monster.id, x: monster.x, z: monster.z } });
      }
    }
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    drawScene(createCanvas(width, height, out, this.depth), {
      arena: this.arena,
      monsters: this.horde.monsters,
      maxHealth: this.variant.health,
      body: this.body,
      yawDeg: this.yawDeg,
      pitchDeg: this.pitchDeg,
      onTarget: this.aimed() !== undefined,
      hurtMs: this.hurtMs,
      secondsLeft: Math.max(0, Math.ceil((this.variant.timeLimitMs - this.simMs) / 1000)),
      monstersLeft: this.horde.monsters.length + this.horde.remaining,
      progress: this.damageDealt / this.totalHealth,
    });
  }

  progress(): readonly PlayerProgress[] {
    return [{ slot: this.playerSlot, progress: Math.min(1, this.damageDealt / this.totalHealth), score: this.damageDealt }];
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): MonsterShootState {
    const { body, variant } = this;
    const next = this.horde.nextMs;
    return {
      game: 'monster_shoot',
      variant: variant.id,
      simMs: this.simMs,
      timeLimitMs: variant.timeLimitMs,
      tickMs: this.tickMs,
      player: { x: body.x, y: body.y, z: body.z, onGround: body.onGround, hp: body.hp, maxHp: Rules.playerHp },
      camera: { yaw: this.yawDeg, pitch: this.pitchDeg, eyeHeight: Rules.eyeHeight, fovDeg: Rules.fovDeg },
      arena: { halfX: variant.halfX, halfZ: variant.halfZ, blocks: variant.blocks.map((b) => ({ ...b })) },
      monsters: this.horde.monsters.map((m) => ({ id: m.id, x: m.x, z: m.z, vx: m.vx, vz: m.vz, health: m.health, maxHealth: variant.health })),
      spawns: { remaining: this.horde.remaining, nextMs: Number.isFinite(next) ? next : null },
      damageDealt: this.damageDealt,
      totalHealth: this.totalHealth,
      rules: {
        moveSpeed: Rules.moveSpeed,
        monsterSpeed: variant.speed,
        monsterHalfWidth: Rules.monsterHalfWidth,
        monsterHeight: Rules.monsterHeight,
        touchDistance: Rules.touchDistance,
        shotDamage: Rules.shotDamage,
        shotCooldownMs: Rules.shotCooldownMs,
        shotCooldownLeftMs: this.cooldownMs,
        detonateDamage: Rules.detonateDamage,
      },
    };
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
