/** The crystal_guard simulation: two players, two crystals behind timed gates, fixed 10 ms ticks. */
import { Prng, type InputEvent, type PlayerProgress } from '../../protocol/index.js';
import type { SimEnd, SimEvent, Simulation, SimulationOptions } from '../host/simulation.js';
import { createCanvas } from '../render/index.js';
import { buildArena, gateOpen, gateToggleMs, type Arena, type Box } from './arena.js';
import { traceShot, type ShotHit } from './combat.js';
import { alive, spawnPlayer, stepPlayer, type Player } from './player.js';
import { Rules } from './rules.js';
import { describeState } from './state-of.js';
import type { CrystalGuardState } from './state.js';
import type { CrystalGuardVariant } from './variants.js';
import { drawScene } from './view.js';

/** The keys the game reads, by canonical name. */
const KEYS = ['W', 'A', 'S', 'D'] as const;
type Key = (typeof KEYS)[number];
type Result = 'win' | 'draw' | 'loss';

const wrapYaw = (deg: number): number => {
  const w = ((((deg + 180) % 360) + 360) % 360) - 180;
  return w === -180 ? 180 : w;
};

export class CrystalGuardSimulation implements Simulation {
  readonly tickMs = Rules.tickMs;
  private simMs = 0;
  readonly arena: Arena;
  private readonly players: readonly [Player, Player];
  private readonly crystalHp: number[] = [Rules.crystalHp, Rules.crystalHp];
  private readonly held: readonly [Set<Key>, Set<Key>] = [new Set(), new Set()];
  private readonly firePressed = [false, false];
  private readonly active: readonly number[];
  /** Walls, pillars and vault footprints: what nobody walks through. */
  private readonly blocks: readonly Box[];
  private gatesOpen: boolean[];
  private events: SimEvent[] = [];
  private end: SimEnd | undefined;
  private readonly results = new Map<number, Result>();
  private depth: Float32Array | undefined;

  constructor(
    readonly variant: CrystalGuardVariant,
    options: SimulationOptions,
  ) {
    // The seed moves both spawns sideways by up to a metre, mirrored through the centre, so neither side gains.
    this.arena = buildArena(variant, Math.round((new Prng(options.seed, 1).next() * 2 - 1) * 100) / 100);
    this.players = [spawnPlayer(0, 0, this.arena.spawns[0]), spawnPlayer(1, 1, this.arena.spawns[1])];
    this.active = [0, 1].filter((s) => options.slots.includes(s));
    this.blocks = [...this.arena.solids, ...this.arena.vaults];
    this.gatesOpen = [0, 1].map((t) => gateOpen(variant.gates, t, 0));
  }

  input(event: InputEvent): void {
    if (!this.active.includes(event.slot)) return;
    const slot = event.slot as 0 | 1;
    const p = this.players[slot];
    switch (event.type) {
      case 'key': {
        const key = KEYS.find((k) => k.toLowerCase() === event.key.toLowerCase());
        if (key === undefined) return;
        if (event.down) this.held[slot].add(key);
        else this.held[slot].delete(key);
        return;
      }
      case 'look':
        p.yawDeg = wrapYaw(p.yawDeg + event.dx);
        p.pitchDeg = Math.min(Rules.pitchMax, Math.max(Rules.pitchMin, p.pitchDeg + event.dy));
        return;
      case 'button':
        if (event.button === 'left' && event.down) this.firePressed[slot] = true;
        return;
    }
  }

  tick(): void {
    if (this.end) return;
    this.simMs += this.tickMs;
    this.updateGates();
    const shots: { shooter: Player; hit: ShotHit }[] = [];
    for (const p of this.players) {
      const slot = p.slot as 0 | 1;
      const fire = this.firePressed[slot];
      this.firePressed[slot] = false;
      if (!alive(p)) {
        p.respawnMs = Math.max(0, p.respawnMs - this.tickMs);
        if (alive(p)) this.respawn(p);
        continue;
      }
      p.cooldownMs = Math.max(0, p.cooldownMs - this.tickMs);
      const held = this.held[slot];
      stepPlayer(p, { forward: held.has('W'), back: held.has('S'), left: held.has('A'), right: held.has('D') }, this.tickMs, this.blocks);
      if (fire && p.cooldownMs <= 0) {
        p.cooldownMs = Rules.cooldownMs;
        // Every shot of this tick is traced before any lands, so the slot order gives no edge.
        shots.push({ shooter: p, hit: traceShot(this.arena, this.variant.gates, p, this.players.filter((o) => o !== p), this.simMs) });
      }
    }
    for (const shot of shots) this.land(shot.shooter, shot.hit);
    this.checkEnd();
  }

  private updateGates(): void {
    for (const team of [0, 1]) {
      const open = gateOpen(this.variant.gates, team, this.simMs);
      if (open !== this.gatesOpen[team]) this.events.push({ name: open ? 'gate_open' : 'gate_close', data: { team } });
      this.gatesOpen[team] = open;
    }
  }

  private respawn(p: Player): void {
    const spawn = this.arena.spawns[p.team === 1 ? 1 : 0];
    Object.assign(p, { x: spawn.x, z: spawn.z, yawDeg: spawn.yawDeg, pitchDeg: 0, hp: Rules.playerHp, cooldownMs: 0 });
    this.events.push({ name: 'respawn', slot: p.slot });
  }

  private land(shooter: Player, hit: ShotHit): void {
    shooter.lastShot = hit.result;
    this.events.push({ name: 'shot', slot: shooter.slot, data: { result: hit.result } });
    if (hit.result === 'crystal' && hit.target !== undefined) {
      this.crystalHp[hit.target] = Math.max(0, this.crystalHp[hit.target]! - Rules.crystalDamage);
      this.events.push({ name: 'crystal_hit', slot: shooter.slot, data: { team: hit.target, crystalHp: this.crystalHp[hit.target]! } });
    } else if (hit.result === 'player' && hit.target !== undefined) {
      const target = this.players[hit.target === 1 ? 1 : 0];
      if (!alive(target)) return;
      target.hp = Math.max(0, target.hp - Rules.playerDamage);
      this.events.push({ name: 'player_hit', slot: shooter.slot, data: { target: target.slot, hp: target.hp } });
      if (target.hp <= 0) {
        target.respawnMs = Rules.respawnMs;
        this.events.push({ name: 'player_down', slot: target.slot, data: { by: shooter.slot } });
      }
    }
  }

  private checkEnd(): void {
    const [hp0, hp1] = this.crystalHp as [number, number];
    if (hp0 <= 0 || hp1 <= 0) {
      for (const [team, hp] of [hp0, hp1].entries()) if (hp <= 0) this.events.push({ name: 'crystal_destroyed', data: { team } });
      this.finish('crystal_destroyed', hp0 <= 0 && hp1 <= 0 ? ['draw', 'draw'] : hp0 <= 0 ? ['loss', 'win'] : ['win', 'loss']);
    } else if (this.simMs >= this.variant.timeLimitMs) {
      this.finish('time_limit', hp0 === hp1 ? ['draw', 'draw'] : hp0 > hp1 ? ['win', 'loss'] : ['loss', 'win']);
    }
  }

  private finish(reason: string, results: readonly [Result, Result]): void {
    results.forEach((r, slot) => this.results.set(slot, r));
    this.end = { reason, outcomes: this.active.map((slot) => ({ slot, result: results[slot]! })) };
  }

  render(slot: number, width: number, height: number, out: Uint8Array): void {
    if (this.depth?.length !== width * height) this.depth = new Float32Array(width * height);
    const self = this.players[slot === 1 ? 1 : 0];
    drawScene(createCanvas(width, height, out, this.depth), {
      arena: this.arena,
      self,
      other: this.players[slot === 1 ? 0 : 1],
      crystalHp: this.crystalHp,
      gatesOpen: this.gatesOpen,
      gateToggleMs: [0, 1].map((t) => gateToggleMs(this.variant.gates, t, this.simMs)),
      simMs: this.simMs,
      timeLimitMs: this.variant.timeLimitMs,
      result: this.results.get(self.slot),
    });
  }

  progress(): readonly PlayerProgress[] {
    return this.active.map((slot) => {
      const enemy = slot === 1 ? 0 : 1;
      const dealt = Rules.crystalHp - this.crystalHp[enemy]!;
      const won = this.results.get(slot) === 'win';
      return { slot, progress: won ? 1 : Math.min(1, dealt / Rules.crystalHp), score: dealt };
    });
  }

  drainEvents(): readonly SimEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  state(): CrystalGuardState {
    return describeState(this.variant, this.arena, this.simMs, this.players, this.crystalHp, this.active);
  }

  ended(): SimEnd | undefined {
    return this.end;
  }
}
