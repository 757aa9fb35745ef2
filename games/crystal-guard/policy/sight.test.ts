import { describe, expect, it } from 'vitest';
import { expectSameFields } from '../../../tests/support/bit-for-bit.js';
import { seededRandom } from '../../../tests/support/pdq-driver.js';
import { moveControls } from '../../common/policy/move-keys.js';
import { crystalGuardGame, CrystalGuardState } from '../index.js';
import { blocked, stepPlayer, type Walker } from '../player.js';
import { Rules } from '../rules.js';
import { blocksNear, walk, walkBlocks } from './sight.js';

const MOVES: readonly (readonly string[])[] = [['W'], ['S'], ['A'], ['D'], ['W', 'A'], ['W', 'D'], ['S', 'A'], ['S', 'D']];

describe('walk', () => {
  it('walks as stepPlayer does tick by tick among every block, though it asks only the blocks within reach', () => {
    const r = seededRandom(31);
    let stopped = 0;
    for (const variant of crystalGuardGame.variants) {
      const view = CrystalGuardState.parse(crystalGuardGame.create({ seed: 2, variant, slots: [0, 1] }).state());
      const blocks = walkBlocks(view);
      const xs = blocks.flatMap((b) => [b.min[0], b.max[0]]);
      const zs = blocks.flatMap((b) => [b.min[2], b.max[2]]);
      for (let n = 0; n < 300; n++) {
        const start: Walker = { x: Math.min(...xs) + r() * (Math.max(...xs) - Math.min(...xs)), z: Math.min(...zs) + r() * (Math.max(...zs) - Math.min(...zs)), yawDeg: (r() - 0.5) * 720, stride: 0 };
        if (blocked(blocks, start.x, start.z)) continue;
        const keys = MOVES[Math.floor(r() * MOVES.length)]!;
        const ticks = 1 + Math.floor(r() * 100);
        const expected = { ...start };
        for (let i = 0; i < ticks; i++) stepPlayer(expected, moveControls(keys), view.tickMs, blocks);
        const actual = { ...start };
        walk(view, blocksNear(view, blocks, actual, ticks), actual, moveControls(keys), ticks, true);
        expectSameFields(actual, expected, `${variant} case ${n}`);
        // Without the stride, the walk ends at the same spot and leaves the stride alone.
        const planned = { ...start };
        walk(view, blocksNear(view, blocks, planned, ticks), planned, moveControls(keys), ticks);
        expectSameFields(planned, { ...expected, stride: start.stride }, `${variant} case ${n}, no stride`);
        // A walk cut short by a wall covers less than the straight line.
        if (expected.stride < (ticks * view.tickMs * Rules.moveSpeed) / 1000 - 1e-6) stopped++;
      }
    }
    expect(stopped).toBeGreaterThan(30);
  });
});
