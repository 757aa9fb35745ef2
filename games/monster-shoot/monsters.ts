/** Monsters: when and where they arrive, how they walk at the player, and what a touch does. */
import type { Prng } from '../../protocol/index.js';
import type { Arena } from './arena.js';
import { Rules } from './rules.js';
import type { MonsterShootVariant } from './variants.js';

export interface Monster {
  readonly id: number;
  x: number;
  z: number;
  /** Velocity of the last tick, m/s. */
  vx: number;
  vz: number;
  health: number;
  /** Time left of the hit flash, ms. */
  flashMs: number;
}

/** Something the horde did this tick. */
export type MonsterChange =
  | { readonly name: 'monster_spawned'; readonly monster: Monster }
  | { readonly name: 'monster_detonated'; readonly monster: Monster };

/** Spawns monsters on the variant's schedule and walks them towards the player. */
export class Horde {
  readonly monsters: Monster[] = [];
  private spawned = 0;
  private nextSpawnMs: number;

  constructor(
    private readonly variant: MonsterShootVariant,
    private readonly arena: Arena,
    private readonly rng: Prng,
  ) {
    this.nextSpawnMs = variant.firstMs;
  }

  /** Monsters yet to arrive. */
  get remaining(): number {
    return this.variant.count - this.spawned;
  }

  /** Game time of the next arrival, ms (Infinity when none is left). */
  get nextMs(): number {
    return this.remaining > 0 ? this.nextSpawnMs : Infinity;
  }

  /** Spawns the monsters present at the start at their fixed points. */
  spawnInitial(changes: MonsterChange[]): void {
    for (const [x, z] of this.variant.initial.slice(0, this.variant.count)) this.place(x, z, changes);
  }

  /** Runs one tick of `dtMs` at game time `simMs` with the player at (px, pz); detonations are reported in `changes`. */
  update(simMs: number, dtMs: number, px: number, pz: number, changes: MonsterChange[]): void {
    while (this.remaining > 0 && simMs >= this.nextSpawnMs) {
      this.spawn(px, pz, changes);
      this.nextSpawnMs += this.variant.intervalMs;
    }
    this.arena.updateField(px, pz);
    const dt = dtMs / 1000;
    const step = this.variant.speed * dt;
    for (const m of this.monsters) {
      m.flashMs = Math.max(0, m.flashMs - dtMs);
      const [tx, tz] = this.arena.nextWaypoint(m.x, m.z, px, pz);
      const d = Math.hypot(tx - m.x, tz - m.z);
      let nx = m.x + (d > 1e-9 ? ((tx - m.x) / d) * Math.min(step, d) : 0);
      let nz = m.z + (d > 1e-9 ? ((tz - m.z) / d) * Math.min(step, d) : 0);
      // Keep apart from the monsters already moved this tick (earlier ids have right of way).
      for (const o of this.monsters) {
        if (o === m) break;
        const sx = nx - o.x;
        const sz = nz - o.z;
        const s = Math.hypot(sx, sz);
        if (s < Rules.monsterSpacing && s > 1e-9) {
          const push = Math.min(step, Rules.monsterSpacing - s);
          nx += (sx / s) * push;
          nz += (sz / s) * push;
        }
      }
      [nx, nz] = this.arena.resolve(nx, nz, Rules.monsterHalfWidth);
      m.vx = (nx - m.x) / dt;
      m.vz = (nz - m.z) / dt;
      m.x = nx;
      m.z = nz;
    }
    for (let i = this.monsters.length - 1; i >= 0; i--) {
      const m = this.monsters[i]!;
      if (Math.hypot(m.x - px, m.z - pz) > Rules.touchDistance) continue;
      this.monsters.splice(i, 1);
      changes.push({ name: 'monster_detonated', monster: m });
    }
  }

  /** Removes a monster whose health reached zero. */
  remove(monster: Monster): void {
    const i = this.monsters.indexOf(monster);
    if (i >= 0) this.monsters.splice(i, 1);
  }

  private spawn(px: number, pz: number, changes: MonsterChange[]): void {
    const free = (x: number, z: number): boolean =>
      Math.hypot(x - px, z - pz) >= 8 && this.monsters.every((m) => Math.hypot(m.x - x, m.z - z) >= Rules.monsterSpacing * 2);
    const points = this.variant.spawnPoints.filter(([x, z]) => free(x, z));
    const pool = points.length > 0 ? points : this.variant.spawnPoints;
    const [x, z] = pool[this.rng.int(pool.length)] ?? [0, 0];
    this.place(x, z, changes);
  }

  private place(x: number, z: number, changes: MonsterChange[]): void {
    const monster: Monster = { id: this.spawned, x, z, vx: 0, vz: 0, health: this.variant.health, flashMs: 0 };
    this.spawned++;
    this.monsters.push(monster);
    changes.push({ name: 'monster_spawned', monster });
  }
}
