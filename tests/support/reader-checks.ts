/**
 * What a reader of a page sees, checked in a real browser: no table cell or header with JSON in it (quotes,
 * braces), nothing wider than the viewport, every plot loaded and shown at its own size (its text as legible as
 * in the file), no console error and no failed request since the last check.
 */
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Collects a page's console errors and failed requests (a 4xx/5xx answer or a request that never answered). */
export function watchProblems(page: Page): { take: () => string[] } {
  let seen: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' ? seen.push(`console: ${m.text()}`) : undefined));
  page.on('pageerror', (e) => void seen.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => void (r.failure()?.errorText === 'net::ERR_ABORTED' ? undefined : seen.push(`failed: ${r.url()}`)));
  page.on('response', (r) => void (r.status() >= 400 ? seen.push(`${r.status()}: ${r.url().replace(/token=[^&]+/, 'token=T')}`) : undefined));
  return {
    take: () => {
      const out = seen;
      seen = [];
      return out;
    },
  };
}

/** Asserts what a reader sees on the page now: plain cells, no horizontal overflow, plots at their size, no problems since the last check. */
export async function expectReadable(page: Page, problems: { take: () => string[] }): Promise<void> {
  const cells = await page.evaluate<string[]>(`[...document.querySelectorAll('td, th')].map((c) => c.textContent ?? '')`);
  expect(cells.filter((t) => /["{}[\]]/.test(t))).toEqual([]);
  const width = await page.evaluate<[number, number]>(`[document.documentElement.scrollWidth, window.innerWidth]`);
  expect(width[0], 'the page is wider than the viewport').toBeLessThanOrEqual(width[1]);
  // A plot is an <img> of the file a command wrote or the same SVG drawn in the page; scaled down, its 10-11 px text would not read.
  const plots = await page.evaluate<{ what: string; shown: number; natural: number }[]>(
    `[...document.querySelectorAll('.plot')].map((el) => ({ what: el.getAttribute('alt') || el.tagName, shown: el.getBoundingClientRect().width, natural: el.tagName === 'IMG' ? el.naturalWidth : Number(el.getAttribute('width')) }))`,
  );
  for (const p of plots) {
    expect(p.natural, `${p.what}: not loaded`).toBeGreaterThan(0);
    expect(p.shown / p.natural, `${p.what}: shown at ${p.shown} of its ${p.natural} px`).toBeGreaterThanOrEqual(0.95);
  }
  expect(problems.take()).toEqual([]);
}
