/**
 * Redraws the figures docs show from real runs: `DRAW_DOCS=1 npx vitest run tests/docs-figures.test.ts` writes
 * docs/curves-example.svg (skipped otherwise, so the suite never rewrites docs).
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { fastSettings, runTestCurve, STAY, submit, WALK } from './support/curve-fixtures.js';
import { startFakeProvider } from './support/fake-provider.js';

const tmp = mkdtempSync(join(tmpdir(), 'docs-figures-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

it.runIf(process.env.DRAW_DOCS === '1')('draws docs/curves-example.svg from a three-round curve that rolls back', async () => {
  const fake = await startFakeProvider();
  try {
    // Round 1 stands still (the best round), round 2 walks off the platform (rolled back), round 3's reflection, starting from round 1's skill, submits it again.
    fake.script(submit(STAY), submit(WALK), submit(STAY));
    const dir = join(tmp, 'demo');
    const state = await runTestCurve(dir, fake, fastSettings({ rounds: 3, episodes: 2, heldOut: ['ring'], rollbackRatio: 0.6, reflector: { model: 'fake-reflector', maxSubmissions: 2 } }));
    expect(state.rounds.filter((r) => r.rollback).map((r) => r.round)).toEqual([2]);
    copyFileSync(join(dir, 'curve.svg'), join(import.meta.dirname, '..', 'docs', 'curves-example.svg'));
  } finally {
    await fake.close();
  }
}, 180_000);
