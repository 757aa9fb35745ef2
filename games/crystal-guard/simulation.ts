/** The crystal_guard simulation: two players, two crystals behind timed gates, fixed 10 ms ticks. */
import { Prng, type PlayerProgress } from '../../protocol/index.js';
import type { SimulationOptions } from '../runtime/simulation.js';
import { clampPitch, wrapYaw } from '../common/angles.js';
import { DuelEpisode, byMargin, sides } from '../common/duel-episode.js';
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

export class CrystalGuardSimulation extends DuelEpisode<CrystalGuardVariant, (typeof KEYS)[number]> {
  readonly tickMs = Rules.tickMs;
  readonly arena: Arena;
  private readonly players: readonly [Player, Player];
  private readonly crystalHp: number[] = [Rules.crystalHp, Rules.crystalHp];
  /** Walls, pillars and vault footprints: what nobody walks through. */
  private readonly blocks: readonly Box[];
  private gatesOpen: boolean[];

  constructor(
    variant: CrystalGuardVariant,
    options: SimulationOptions,
  ) {
    super(variant, KEYS, options);
    // The seed moves both spawns sideways by up to a metre, mirrored through the centre, so neither side gains.
    this.arena = buildArena(variant, Math.round((new Prng(options.seed, 1).next() * 2 - 1) * 100) / 100);
    this.players = [spawnPlayer(0, 0, this.arena.spawns[0]), spawnPlayer(1, 1, this.arena.spawns[1])];
    this.blocks = [...this.arena.solids, ...this.arena.vaults];
    this.gatesOpen = [0, 1].map((t) => gateOpen(variant.gates, t, 0));
  }

  protected look(slot: 0 | 1, dx: number, dy: number): void {
    const p = this.players[slot];
    p.yawDeg = wrapYaw(p.yawDeg + dx);
    p.pitchDeg = clampPitch(p.pitchDeg + dy, Rules.pitchMin, Rules.pitchMax);
  }

  protected step(): void {
    this.updateGates();
    const shots: { shooter: Player; hit: ShotHit }[] = [];
    for (const p of this.players) {
      const slot = p.slot as 0 | 1;
      const fire = this.pressed[slot];
      this.pressed[slot] = false;
      if (!alive(p)) {
        p.respawnMs = Math.max(0, p.respawnMs - this.tickMs);
        if (alive(p)) this.respawn(p);
        continue;
      }
      p.cooldownMs = Math.max(0, p.cooldownMs - this.tickMs);
      stepPlayer(p, this.held[slot].movement(), this.tickMs, this.blocks);
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
    } else if (this.timeUp) {
      this.finish('time_limit', byMargin(hp0, hp1));
    }
  }

  render(slot: number, width: number, height: number, out: Uint8Array): void {
    const [self, other] = sides(this.players, slot);
    drawScene(this.canvas(width, height, out), {
      arena: this.arena,
      self,
      other,
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

  state(): CrystalGuardState {
    return describeState(this.variant, this.arena, this.simMs, this.players, this.crystalHp, this.active);
  }
}
