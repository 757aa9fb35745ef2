/** The rules of monster_shoot, the same in every variant. Distances in metres, speeds in m/s, times in ms. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Eye height above the floor, m. */
  eyeHeight: 1.6,
  /** Radius of the player's body for collisions with walls, m. */
  playerRadius: 0.4,
  moveSpeed: 4,
  jumpSpeed: 5,
  gravity: 20,
  /** Player hit points at the start. */
  playerHp: 100,
  /** Hit points a monster takes from the player when it touches and self-detonates. */
  detonateDamage: 25,
  /** A monster whose centre comes this close to the player's (horizontally) touches and detonates, m. */
  touchDistance: 1.1,
  /** Health a hitscan shot removes. */
  shotDamage: 10,
  /** Shortest time between two shots, ms: below one chunk step, so every tapped step fires. */
  shotCooldownMs: 100,
  /** Longest shot, m. */
  shotRange: 80,
  /** Half the width of a monster's hit box and body, m. */
  monsterHalfWidth: 0.5,
  /** Height of a monster's hit box, m. */
  monsterHeight: 2,
  /** Monsters keep this far apart from each other's centres, m. */
  monsterSpacing: 1.2,
  /** Vertical field of view, degrees (about 92 degrees across a 16:9 frame). */
  fovDeg: 60,
  pitchMin: -60,
  pitchMax: 60,
  /** Wall height, m. */
  wallHeight: 3,
  /** Time a hit monster flashes, ms. */
  hitFlashMs: 150,
  /** Time the screen edge glows red after the player is hurt, ms. */
  hurtFlashMs: 600,
} as const;
