/** Swings and strikes: a press starts a swing, its strike lands after the wind-up on a fighter in front and close. */
import type { Fighter } from './fighter.js';
import { Rules } from './rules.js';

const RAD = Math.PI / 180;

/** Signed difference b - a of two headings, degrees in (-180, 180]. */
export function angleDiff(a: number, b: number): number {
  const d = ((((b - a + 180) % 360) + 360) % 360) - 180;
  return d === -180 ? 180 : d;
}

/** Starts a swing if the fighter is able to; returns whether it did. */
export function startSwing(f: Fighter): boolean {
  if (f.fallen || f.hp <= 0 || f.cooldownMs > 0 || f.windupMs > 0) return false;
  f.cooldownMs = Rules.cooldownMs;
  f.windupMs = Rules.windupMs;
  f.swingMs = 0;
  return true;
}

/** Whether `attacker`'s strike, landing now, hits `target`: close, in front, and at about the same height. */
export function strikeLands(attacker: Fighter, target: Fighter): boolean {
  if (target.fallen || target.hp <= 0) return false;
  const dx = target.x - attacker.x;
  const dz = target.z - attacker.z;
  const dist = Math.hypot(dx, dz);
  if (dist > Rules.reach || Math.abs(target.y - attacker.y) > Rules.heightTolerance) return false;
  if (dist < 1e-6) return true;
  const bearing = Math.atan2(dx, dz) / RAD;
  return Math.abs(angleDiff(attacker.yawDeg, bearing)) <= Rules.arcDeg;
}

/** Applies a landed strike: damage, and a shove directly away from the attacker. */
export function applyHit(attacker: Fighter, target: Fighter): void {
  target.hp = Math.max(0, target.hp - Rules.damage);
  const dx = target.x - attacker.x;
  const dz = target.z - attacker.z;
  const dist = Math.hypot(dx, dz);
  const yaw = attacker.yawDeg * RAD;
  const [ux, uz] = dist > 1e-6 ? [dx / dist, dz / dist] : [Math.sin(yaw), Math.cos(yaw)];
  target.knockX = ux * Rules.knockbackSpeed;
  target.knockZ = uz * Rules.knockbackSpeed;
  target.knockMs = Rules.knockbackMs;
}

/** Counts down a fighter's swing timers by `dtMs`; returns true when its pending strike lands this tick. */
export function tickSwing(f: Fighter, dtMs: number): boolean {
  f.cooldownMs = Math.max(0, f.cooldownMs - dtMs);
  f.swingMs = Math.min(10_000, f.swingMs + dtMs);
  if (f.windupMs <= 0) return false;
  f.windupMs = Math.max(0, f.windupMs - dtMs);
  return f.windupMs === 0;
}
