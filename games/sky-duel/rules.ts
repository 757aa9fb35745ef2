/** The rules of sky_duel, the same in every variant. Distances in metres, speeds in m/s, times in ms, angles in degrees. */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Hit points each fighter starts with. */
  maxHp: 100,
  /** Hit points one landed strike removes. */
  damage: 10,
  /** Walking speed. */
  moveSpeed: 4.5,
  /** Take-off speed of a jump; with `gravity` it flies 0.6 s and rises 0.9 m. */
  jumpSpeed: 6,
  gravity: 20,
  /** Body radius; two fighters never stand closer than twice this. */
  radius: 0.4,
  /** A strike lands on a fighter whose centre is at most this far from the attacker's centre. */
  reach: 2.0,
  /** ...and within this many degrees either side of the attacker's facing. */
  arcDeg: 50,
  /** ...and whose feet are at most this far above or below the attacker's. */
  heightTolerance: 1.0,
  /** Time from the button press to the strike, ms. */
  windupMs: 100,
  /** Time from one swing's press until the next press can start a swing, ms. */
  cooldownMs: 450,
  /** A landed strike shoves the target away at this speed, fading to zero over `knockbackMs` (0.62 m in all). */
  knockbackSpeed: 5,
  knockbackMs: 250,
  /** A fighter whose feet are this far below the platform top has fallen: instant defeat. */
  fallDepth: 1.5,
  /** Thickness of the floating platform (drawn only). */
  platformThickness: 1.4,
  /** The fixed camera tilt; the game takes mouse X only. */
  cameraPitch: -24,
} as const;
