/** Builds crystal_guard's `state()` from the simulation's parts. */
import { gateOpen, gateToggleMs, type Arena, type Box } from './arena.js';
import { alive, type Player } from './player.js';
import { Rules } from './rules.js';
import type { CrystalGuardState } from './state.js';
import type { CrystalGuardVariant } from './variants.js';

const plain = (b: Box): { min: [number, number, number]; max: [number, number, number] } => ({ min: [...b.min], max: [...b.max] });

export function describeState(variant: CrystalGuardVariant, arena: Arena, simMs: number, players: readonly Player[], crystalHp: readonly number[], active: readonly number[]): CrystalGuardState {
  const g = variant.gates;
  return {
    game: 'crystal_guard',
    variant: variant.id,
    simMs,
    timeLimitMs: variant.timeLimitMs,
    tickMs: Rules.tickMs,
    arena: { width: arena.width, length: arena.length },
    players: players.map((p) => {
      const spawn = arena.spawns[p.team === 1 ? 1 : 0];
      return {
        slot: p.slot,
        team: p.team,
        active: active.includes(p.slot),
        x: p.x,
        z: p.z,
        yaw: p.yawDeg,
        pitch: p.pitchDeg,
        hp: p.hp,
        alive: alive(p),
        respawnMs: p.respawnMs,
        cooldownMs: p.cooldownMs,
        spawn: { x: spawn.x, z: spawn.z, yaw: spawn.yawDeg },
        lastShot: p.lastShot ?? null,
      };
    }),
    crystals: arena.crystals.map((c, team) => ({ ...plain(c), team, hp: crystalHp[team] ?? 0 })),
    gates: arena.gates.map((b, team) => ({ ...plain(b), team, open: gateOpen(g, team, simMs), toggleMs: gateToggleMs(g, team, simMs) })),
    gatePlan: { firstOpenMs: g.firstOpenMs, periodMs: g.periodMs, openMs: g.openMs, offsetMs: [g.offsetMs[0], g.offsetMs[1]] },
    solids: arena.solids.map((s) => ({ ...plain(s), kind: s.kind })),
    vaults: arena.vaults.map(plain),
    rules: {
      crystalHp: Rules.crystalHp,
      crystalDamage: Rules.crystalDamage,
      playerHp: Rules.playerHp,
      playerDamage: Rules.playerDamage,
      respawnMs: Rules.respawnMs,
      cooldownMs: Rules.cooldownMs,
      shotRange: Rules.shotRange,
      moveSpeed: Rules.moveSpeed,
      radius: Rules.radius,
      bodyHalfWidth: Rules.bodyHalfWidth,
      bodyHeight: Rules.bodyHeight,
      eyeHeight: Rules.eyeHeight,
      pitchMin: Rules.pitchMin,
      pitchMax: Rules.pitchMax,
    },
  };
}
