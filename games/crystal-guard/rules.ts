/** The rules of crystal_guard, the same in every variant. Distances in metres, speeds in m/s, times in ms, angles in degrees. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Hit points of a crystal, and what one shot removes. */
  crystalHp: 100,
  crystalDamage: 10,
  /** Hit points of a player, and what one shot removes. */
  playerHp: 50,
  playerDamage: 10,
  /** Time a downed player waits before it respawns at its base, ms. */
  respawnMs: 3000,
  /** Time from one shot until the next press can fire, ms. */
  cooldownMs: 200,
  /** Shots travel this far and no further, m. */
  shotRange: 18,
  moveSpeed: 5,
  /** Body radius for walking into walls, m. */
  radius: 0.35,
  /** Hit box of a player: half width in x and z, and height, m. */
  bodyHalfWidth: 0.4,
  bodyHeight: 1.85,
  /** Height of the eyes (and the gun), m. */
  eyeHeight: 1.6,
  pitchMin: -45,
  pitchMax: 45,
  /** Height of the arena's outer walls and of the vault walls and gates, m. */
  wallHeight: 4,
  vaultHeight: 3.5,
} as const;
