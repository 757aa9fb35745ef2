import { defineConfig } from 'vitest/config';

// Tests that drive real desktop games (Xvfb, Doom, OpenArena) measure game time against the wall clock and
// spin up CPU-heavy processes; they run after everything else, one file at a time, so neither they nor the
// rest of the suite have to share the two cores with them.
const desktop = ['tests/desktop-*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: { name: 'main', include: ['**/*.test.ts'], exclude: ['node_modules/**', 'dist/**', ...desktop], sequence: { groupOrder: 0 } },
      },
      {
        extends: true,
        test: { name: 'desktop', include: desktop, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
