import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../tests/support/pdq-driver.js';
import { expectSameFields } from '../../../tests/support/bit-for-bit.js';
import { moveControls } from '../../common/policy/move-keys.js';
import { stepBody, strideOf, type RunnerBody } from '../body.js';
import { blockingPlatform, supportingPlatform, type Ground } from '../course.js';
import { obstacleRun3dGame, ObstacleRun3dState } from '../index.js';
import { Rollout, type MoveKey } from './rollout.js';

const KEYS: readonly (readonly MoveKey[])[] = [[], ['W'], ['S'], ['A'], ['D'], ['W', 'A'], ['W', 'D'], ['Space'], ['W', 'Space'], ['D', 'Space']];

describe('Rollout', () => {
  it('moves a body as stepBody does over the whole observed course, though it looks only at the platforms within reach', () => {
    const r = seededRandom(27);
    let falls = 0;
    let cases = 0;
    for (const variant of obstacleRun3dGame.variants) {
      const state = ObstacleRun3dState.parse(obstacleRun3dGame.create({ seed: 3, variant, slots: [0] }).state());
      const whole: Ground = { blocking: (x, y, z) => blockingPlatform(state.platforms, x, y, z), support: (x, y, z) => supportingPlatform(state.platforms, x, y, z), deathY: state.deathY };
      const rollout = new Rollout(state);
      // Bodies on and above the platforms nearest the runner (the rollout keeps those), some faster than a walk.
      const near = state.platforms.filter((p) => Math.hypot(p.x - state.player.x, p.z - state.player.z) < 12);
      for (let n = 0; n < 300; n++) {
        const on = near[Math.floor(r() * near.length)]!;
        const grounded = r() < 0.5;
        const start: RunnerBody = {
          x: on.x + (r() - 0.5) * 2 * on.halfX,
          y: grounded ? on.top : on.top + r() * 3,
          z: on.z + (r() - 0.5) * 2 * on.halfZ,
          vx: (r() - 0.5) * 14,
          vy: grounded ? 0 : (r() - 0.5) * 10,
          vz: (r() - 0.5) * 14,
          onGround: grounded,
          facingDeg: 0,
        };
        const keys = KEYS[Math.floor(r() * KEYS.length)]!;
        const yaw = (r() - 0.5) * 360;
        const ticks = 1 + Math.floor(r() * 120);
        const stride = strideOf(moveControls(keys), yaw);
        const expected = { ...start };
        let alive = true;
        for (let i = 0; i < ticks; i++) {
          if (stepBody(expected, moveControls(keys), yaw, state.tickMs, whole).fell) {
            alive = false;
            break;
          }
          if (expected.onGround && !stride.moving && !stride.jump) break;
        }
        const actual = { ...start };
        expect(rollout.simulate(actual, keys, yaw, ticks)).toBe(alive);
        expectSameFields(actual, expected, `${variant} case ${n}`);
        cases++;
        if (!alive) falls++;
      }
    }
    expect(cases).toBeGreaterThan(500);
    expect(falls).toBeGreaterThan(20);
  });
});
