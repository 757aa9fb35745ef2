import { defineConfig } from 'vitest/config';

// Most test files run two at a time (one per core). Files that measure something against the wall clock while
// the game or a stream runs (a stalled spectator for 60 s, a realtime match, a frozen worker's stall limit, a
// link's heartbeats) run after them one at a time, and the files that drive real desktop games (Xvfb, Doom,
// OpenArena) come last, also one at a time, so none of them shares the two cores with the rest of the suite.
const desktop = ['tests/desktop-*.test.ts'];
const serial = [
  'tests/serve-spectators.test.ts',
  'tests/slow-consumer.test.ts',
  'tests/remote-input-driver.test.ts',
  'tests/sweeps-worker-lost.test.ts',
  'tests/bridge-netns.test.ts',
  'tests/bridge-link.test.ts',
  'tests/fuzz.test.ts',
];

export default defineConfig({
  test: {
    // dist/ rebuilt first when a source is newer, so the processes the tests start run this tree compiled.
    globalSetup: ['tests/support/build-dist.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: { name: 'main', include: ['**/*.test.ts'], exclude: ['node_modules/**', 'dist/**', ...desktop, ...serial], sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'serial', include: serial, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
      {
        extends: true,
        test: { name: 'desktop', include: desktop, fileParallelism: false, sequence: { groupOrder: 2 } },
      },
    ],
  },
});
