import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../tests/support/pdq-driver.js';
import { expectSameFields, randomControls } from '../../tests/support/bit-for-bit.js';
import { stepFighter, stepFighterTicks, type FighterBody } from './fighter.js';
import { Rules } from './rules.js';

const SIDE = 12;

function body(r: () => number): FighterBody {
  const knocked = r() < 0.4;
  const airborne = r() < 0.25;
  return {
    // Some start near or past the edge, so walks fall off the platform.
    x: (r() - 0.5) * (SIDE + 2),
    y: airborne ? r() * 1.5 : 0,
    z: (r() - 0.5) * (SIDE + 2),
    vx: (r() - 0.5) * 6,
    vy: airborne ? (r() - 0.5) * 8 : 0,
    vz: (r() - 0.5) * 6,
    onGround: !airborne,
    yawDeg: (r() - 0.5) * 720,
    knockX: knocked ? (r() - 0.5) * 20 : 0,
    knockZ: knocked ? (r() - 0.5) * 20 : 0,
    knockMs: knocked ? r() * Rules.knockbackMs : 0,
    stride: r() * 10,
    fallen: false,
  };
}

describe('stepFighterTicks', () => {
  it('moves a body exactly as that many stepFighter calls do, through jumps, knockback, landings and falls', () => {
    const r = random(27);
    let jumpsSeen = 0;
    let fallsSeen = 0;
    for (let n = 0; n < 2000; n++) {
      const start = body(r);
      const c = randomControls(r);
      const ticks = 1 + Math.floor(r() * 60);
      const stepped = { ...start };
      for (let i = 0; i < ticks; i++) if (stepFighter(stepped, c, Rules.tickMs, SIDE)) jumpsSeen++;
      const walked = { ...start };
      stepFighterTicks(walked, c, Rules.tickMs, SIDE, ticks);
      if (stepped.fallen) fallsSeen++;
      expectSameFields(walked, stepped, `case ${n}`);
    }
    // The cases reach the branches the shortcut must not skip.
    expect(jumpsSeen).toBeGreaterThan(100);
    expect(fallsSeen).toBeGreaterThan(20);
  });
});
