import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../tests/support/pdq-driver.js';
import { expectSameFields, randomControls } from '../../tests/support/bit-for-bit.js';
import { BodyWalk, stepBody, type PlayerBody } from './player.js';
import { Rules } from './rules.js';

/** Tiles of 2 m with every third one missing and an edge at 8 m: walks land, walk into gaps and off the edge. */
const floor = {
  supports: (x: number, z: number): boolean => Math.max(Math.abs(x), Math.abs(z)) <= 8 && (Math.round(x / 2) + Math.round(z / 2)) % 3 !== 0,
};

describe('BodyWalk', () => {
  it('steps a body exactly as stepBody does each tick, through jumps, landings, gaps and falls', () => {
    const r = seededRandom(29);
    let jumps = 0;
    let falls = 0;
    for (let n = 0; n < 2000; n++) {
      const airborne = r() < 0.25;
      const start: PlayerBody = { x: (r() - 0.5) * 18, y: airborne ? r() * 1.2 : 0, z: (r() - 0.5) * 18, vx: (r() - 0.5) * 6, vy: airborne ? (r() - 0.5) * 6 : 0, vz: (r() - 0.5) * 6, onGround: !airborne, facingDeg: r() * 360 };
      const c = randomControls(r);
      const yaw = (r() - 0.5) * 720;
      const ticks = 1 + Math.floor(r() * 80);
      const stepped = { ...start };
      for (let i = 0; i < ticks; i++) if (stepBody(stepped, c, yaw, Rules.tickMs, floor).jumped) jumps++;
      const walked = { ...start };
      const walk = new BodyWalk(c, yaw, Rules.tickMs);
      for (let i = 0; i < ticks; i++) walk.step(walked, floor);
      if (stepped.y < 0) falls++;
      expectSameFields(walked, stepped, `case ${n}`);
    }
    expect(jumps).toBeGreaterThan(100);
    expect(falls).toBeGreaterThan(100);
  });
});
