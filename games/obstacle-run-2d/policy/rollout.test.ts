import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../tests/support/pdq-driver.js';
import { expectSameFields } from '../../../tests/support/bit-for-bit.js';
import { moveControls } from '../../common/policy/move-keys.js';
import { stepBody, type RunnerBody } from '../body.js';
import { blockingPlatform, supportingPlatform, type Ground } from '../course.js';
import { obstacleRun2dGame, ObstacleRun2dState } from '../index.js';
import { Rollout, type RunKey } from './rollout.js';

const KEYS: readonly (readonly RunKey[])[] = [[], ['D'], ['A'], ['Space'], ['D', 'Space'], ['A', 'Space'], ['A', 'D']];

describe('Rollout', () => {
  it('moves a body as stepBody does over the whole observed course, though it looks only at the platforms within reach', () => {
    const r = seededRandom(27);
    let falls = 0;
    for (const variant of obstacleRun2dGame.variants) {
      const state = ObstacleRun2dState.parse(obstacleRun2dGame.create({ seed: 3, variant, slots: [0] }).state());
      const whole: Ground = { blocking: (x, y) => blockingPlatform(state.platforms, x, y), support: (x, y) => supportingPlatform(state.platforms, x, y), deathY: state.deathY };
      const rollout = new Rollout(state);
      for (let n = 0; n < 400; n++) {
        // Bodies around the runner, some standing on a platform top, some in the air, some moving faster than a run.
        const on = state.platforms[Math.floor(r() * state.platforms.length)]!;
        const grounded = r() < 0.5 && on.x1 - on.x0 > 0.1;
        const start: RunnerBody = grounded
          ? { x: on.x0 + r() * (on.x1 - on.x0), y: on.top, vx: (r() - 0.5) * 14, vy: 0, onGround: true, facing: 1 }
          : { x: state.player.x + (r() - 0.5) * 30, y: r() * 6 - 1, vx: (r() - 0.5) * 14, vy: (r() - 0.5) * 10, onGround: false, facing: -1 };
        if (Math.abs(start.x - state.player.x) > 18) continue; // the rollout keeps the course near the runner only
        const keys = KEYS[Math.floor(r() * KEYS.length)]!;
        const ticks = 1 + Math.floor(r() * 120);
        const expected = { ...start };
        const controls = moveControls(keys);
        const idle = controls.left === controls.right && !controls.jump;
        let alive = true;
        for (let i = 0; i < ticks; i++) {
          if (stepBody(expected, controls, state.tickMs, whole).fell) {
            alive = false;
            break;
          }
          if (expected.onGround && idle) break;
        }
        const actual = { ...start };
        expect(rollout.simulate(actual, keys, ticks)).toBe(alive);
        expectSameFields(actual, expected, `${variant} case ${n}`);
        if (!alive) falls++;
      }
    }
    expect(falls).toBeGreaterThan(20);
  });
});
