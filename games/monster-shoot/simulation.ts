/** One episode of monster_shoot: the player, the horde, hitscan shots, damage and the end conditions. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { viewDirection } from '../common/angles.js';
import { rayBox } from '../common/collide.js';
import { secondsLeft } from '../common/hud.js';
import { PlayerInput } from '../common/player-input.js';
import { SoloEpisode } from '../common/solo-episode.js';
import { Arena } from './arena.js';
import { Horde, type Monster, type MonsterChange } from './monsters.js';
import { stepBody, type PlayerBody } from './player.js';
import { Rules } from './rules.js';
import type { MonsterShootState } from './state.js';
import type { MonsterShootVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D', 'Space'] as const;

export class MonsterShootSimulation extends SoloEpisode<MonsterShootVariant> {
  readonly tickMs = Rules.tickMs;
  /** The player's held keys and view heading and tilt. */
  private readonly pilot: PlayerInput<(typeof KEYS)[number]>;
  private readonly arena: Arena;
  private readonly horde: Horde;
  private readonly body: PlayerBody;
  private shotQueued = false;
  private cooldownMs = 0;
  private hurtMs = 0;
  private damageDealt = 0;
  private readonly totalHealth: number;

  constructor(
    variant: MonsterShootVariant,
    options: SimulationOptions,
  ) {
    super(variant, options);
    this.arena = new Arena(variant);
    this.horde = new Horde(variant, this.arena, new Prng(options.seed, 1));
    this.body = { x: variant.start.x, y: 0, z: variant.start.z, vy: 0, onGround: true, hp: Rules.playerHp };
    this.pilot = new PlayerInput(KEYS, { yawDeg: variant.start.yawDeg, pitchDeg: 0, pitchMin: Rules.pitchMin, pitchMax: Rules.pitchMax });
    this.totalHealth = variant.count * variant.health;
    const changes: MonsterChange[] = [];
    this.horde.spawnInitial(changes);
    this.report(changes);
  }

  input(event: InputEvent): void {
    if (event.slot !== this.playerSlot) return;
    // Each press fires one shot (queued until the gun is ready).
    if (event.type === 'button') {
      if (event.button === 'left' && event.down) this.shotQueued = true;
    } else {
      this.pilot.apply(event);
    }
  }

  protected step(): void {
    const { body } = this;
    this.hurtMs = Math.max(0, this.hurtMs - this.tickMs);
    this.cooldownMs = Math.max(0, this.cooldownMs - this.tickMs);
    if (stepBody(body, this.pilot.keys.movement(), this.pilot.yawDeg, this.tickMs, this.arena)) this.emit('jump');
    if (this.shotQueued && this.cooldownMs <= 0) this.fire();
    const changes: MonsterChange[] = [];
    this.horde.update(this.simMs, this.tickMs, body.x, body.z, changes);
    this.report(changes);
    if (body.hp <= 0) this.finish('killed', 'loss');
    else if (this.horde.remaining === 0 && this.horde.monsters.length === 0) this.finish('cleared', 'win');
    else if (this.timeUp) this.finish('time_limit', 'none');
  }

  /** The monster under the crosshair and its distance, if any is in front of the nearest wall. */
  private aimed(): { monster: Monster; distance: number } | undefined {
    const { body } = this;
    const eye = body.y + Rules.eyeHeight;
    const [dx, dy, dz] = viewDirection(this.pilot.yawDeg, this.pilot.pitchDeg);
    let best = this.arena.rayDistance(body.x, eye, body.z, dx, dy, dz);
    let hit: Monster | undefined;
    const hw = Rules.monsterHalfWidth;
    for (const m of this.horde.monsters) {
      const t = rayBox(body.x, eye, body.z, dx, dy, dz, { minX: m.x - hw, minY: 0, minZ: m.z - hw, maxX: m.x + hw, maxY: Rules.monsterHeight, maxZ: m.z + hw });
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
    this.emit('shot', { hit: target !== undefined });
    if (target === undefined) return;
    const { monster } = target;
    const damage = Math.min(Rules.shotDamage, monster.health);
    monster.health -= damage;
    monster.flashMs = Rules.hitFlashMs;
    this.damageDealt += damage;
    this.emit('monster_hit', { id: monster.id, damage, health: monster.health });
    if (monster.health <= 0) {
      this.horde.remove(monster);
      this.emit('monster_killed', { id: monster.id });
    }
  }

  private report(changes: readonly MonsterChange[]): void {
    for (const change of changes) {
      const { monster } = change;
      if (change.name === 'monster_detonated') {
        this.body.hp = Math.max(0, this.body.hp - Rules.detonateDamage);
        this.hurtMs = Rules.hurtFlashMs;
        this.emit('monster_detonated', { id: monster.id, health: monster.health, hp: this.body.hp });
      } else {
        this.events.push({ name: 'monster_spawned', data: { id: monster.id, x: monster.x, z: monster.z } });
      }
    }
  }

  render(_slot: number, width: number, height: number, out: Uint8Array): void {
    drawScene(this.canvas(width, height, out), {
      arena: this.arena,
      monsters: this.horde.monsters,
      maxHealth: this.variant.health,
      body: this.body,
      yawDeg: this.pilot.yawDeg,
      pitchDeg: this.pilot.pitchDeg,
      onTarget: this.aimed() !== undefined,
      hurtMs: this.hurtMs,
      secondsLeft: secondsLeft(this.variant.timeLimitMs - this.simMs),
      monstersLeft: this.horde.monsters.length + this.horde.remaining,
      progress: this.damageDealt / this.totalHealth,
    });
  }

  progress(): readonly PlayerProgress[] {
    return [{ slot: this.playerSlot, progress: Math.min(1, this.damageDealt / this.totalHealth), score: this.damageDealt }];
  }

  state(): MonsterShootState {
    const { body, variant } = this;
    const next = this.horde.nextMs;
    return {
      ...this.head('monster_shoot'),
      player: { x: body.x, y: body.y, z: body.z, onGround: body.onGround, hp: body.hp, maxHp: Rules.playerHp },
      camera: { yaw: this.pilot.yawDeg, pitch: this.pilot.pitchDeg, eyeHeight: Rules.eyeHeight, fovDeg: Rules.fovDeg },
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
}
