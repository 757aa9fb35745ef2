/**
 * What a reader of a page sees, checked in a real browser: no table cell or header with JSON in it (quotes,
 * braces), nothing wider than the viewport, no console error and no failed request since the last check.
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

/** Asserts what a reader sees on the page now: plain cells, no horizontal overflow, no problems since the last check. */
export async function expectReadable(page: Page, problems: { take: () => string[] }): Promise<void> {
  const cells = await page.evaluate<string[]>(`[...document.querySelectorAll('td, th')].map((c) => c.textContent ?? '')`);
  expect(cells.filter((t) => /["{}[\]]/.test(t))).toEqual([]);
  const width = await page.evaluate<[number, number]>(`[document.documentElement.scrollWidth, window.innerWidth]`);
  expect(width[0], 'the page is wider than the viewport').toBeLessThanOrEqual(width[1]);
  expect(problems.take()).toEqual([]);
}
