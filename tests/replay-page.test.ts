/**
 * replay.html in a real browser (Chromium through playwright-core): the slider and the arrow keys scrub
 * through the decisions, each moment showing both players' frames and the decision's text; replay.jpg is a
 * contact sheet of the decision frames.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../agents/index.js';
import { scriptedPolicies } from '../games/index.js';
import { readRunRecord, runMatch } from '../gateway/index.js';
import { launchInProcess } from './support/in-process-game.js';
import { tempRunsDir } from './support/run-dir.js';

const CHROMIUM = '/usr/bin/chromium';
let runs: ReturnType<typeof tempRunsDir>;
let browser: Browser | undefined;
beforeAll(async () => {
  runs = tempRunsDir();
  if (existsSync(CHROMIUM)) browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
});
afterAll(async () => {
  await browser?.close();
  runs.cleanup();
});

describe('replay.html', () => {
  it.skipIf(!existsSync(CHROMIUM))('scrubs through the decisions of a two-player run', async () => {
    const slots = [0, 1].map((slot) => ({ slot, agent: createAgent(slot === 0 ? 'scripted' : 'random', { scripted: scriptedPolicies, game: 'sky_duel', seed: 1 }) }));
    const result = await runMatch({ game: 'sky_duel', runsDir: runs.dir, clock: 'pdq', stepBudget: 4, launch: launchInProcess, slots });
    const sheet = await sharp(join(result.dir, 'replay.jpg')).metadata();
    expect(sheet).toMatchObject({ width: 8 * 192, format: 'jpeg' });
    const { decisions } = readRunRecord(result.dir);
    const page = await browser!.newPage();
    try {
      await page.goto(pathToFileURL(join(result.dir, 'replay.html')).href);
      await expect.poll(() => page.textContent('#where')).toMatch(/decision moment 1 of 4 at 0\.00 s/);
      const images = page.locator('#views img');
      expect([await images.nth(0).getAttribute('src'), await images.nth(1).getAttribute('src')]).toEqual([decisions[0]!.frame, decisions[1]!.frame]);
      await page.locator('#at').fill('2');
      expect(await page.textContent('#where')).toMatch(/moment 3 of 4/);
      expect(await page.locator('#views .h').allTextContents()).toEqual(['slot 0 step 2: valid', 'slot 1 step 2: valid']);
      await page.keyboard.press('ArrowRight');
      expect(await page.textContent('#where')).toMatch(/moment 4 of 4/);
      await expect.poll(() => page.evaluate<number>("document.querySelector('#views img').naturalWidth")).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });
});
