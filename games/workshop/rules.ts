/**
 * The rules every workshop game shares, the same in every variant. Positions are in thousandths of a tile
 * ("units") so movement and collision are exact integer arithmetic; times are in ms.
 */
export const Rules = {
  /** Simulation tick, ms. */
  tickMs: 10,
  /** Units in one tile. */
  unit: 1000,
  /** Walking distance per tick along one axis, units: 5 tiles a second, 0.6 tile a 120 ms step. */
  moveStep: 50,
  /** Walking distance per tick on each axis when moving diagonally, units (50 / sqrt 2, rounded). */
  diagStep: 35,
  /** Half the side of a player's square footprint, units. */
  halfSize: 300,
  /** Points for filling an order for a basic part and for a High-grade one. */
  basicValue: 10,
  highValue: 20,
  /** No order is posted this close to the end of the episode, ms. */
  lastPostBeforeEndMs: 20_000,
  /** How long an on-screen notice ("NO ORDER FOR GEAR") stays up, ms; longer than the pdq observation delay. */
  noticeMs: 3_500,
  /** Most orders on the list at once; variants keep their schedules within it. */
  maxActiveOrders: 6,
} as const;
