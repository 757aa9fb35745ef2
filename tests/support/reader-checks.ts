/**
 * What a reader of a page sees, checked in a real browser: no table cell or header with JSON in it (quotes,
 * braces), nothing wider than the viewport or than its own box, every plot loaded and shown at its own size (its
 * text as legible as in the file) with its marks inside its plot area, no console error and no failed request
 * since the last check.
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
  await expectMarksInsidePlots(page);
  await expectNothingWiderThanItsBox(page);
}

/**
 * Every error bar and point of every plot on the page (inline SVG, or the SVG file an <img> shows) lies inside the
 * plot area it belongs to (the `plot-area` rect drawAxes marks): none crosses into a title or the next panel.
 */
export async function expectMarksInsidePlots(page: Page): Promise<void> {
  const bad = await page.evaluate<string[]>(`(async () => {
    const files = await Promise.all([...document.querySelectorAll('img.plot')].filter((i) => new URL(i.src).pathname.endsWith('.svg')).map((i) => fetch(i.src).then((r) => r.text()).then((t) => [i.alt, t])));
    const inline = [...document.querySelectorAll('svg')].filter((s) => s.querySelector('.plot-area')).map((s, n) => ['inline plot ' + n, s.outerHTML]);
    const bad = [];
    for (const [what, text] of [...files, ...inline]) {
      const holder = document.createElement('div');
      holder.style.cssText = 'position:absolute;left:-30000px;top:0';
      holder.innerHTML = text;
      document.body.append(holder);
      const areas = [...holder.querySelectorAll('.plot-area')].map((r) => r.getBBox());
      for (const m of holder.querySelectorAll('.error-bar, circle:not(.legend-mark)')) {
        const b = m.getBBox();
        const [cx, cy] = [b.x + b.width / 2, b.y + b.height / 2];
        const area = areas.find((a) => cx >= a.x - 6 && cx <= a.x + a.width + 6 && cy >= a.y - 6 && cy <= a.y + a.height + 6);
        const slack = m.tagName === 'circle' ? 6 : 0.6;
        if (!area || b.y < area.y - slack || b.y + b.height > area.y + area.height + slack) bad.push(what + ': a ' + (m.getAttribute('class') || m.tagName) + ' from y ' + Math.round(b.y) + ' to ' + Math.round(b.y + b.height) + (area ? ' outside its area ' + Math.round(area.y) + '..' + Math.round(area.y + area.height) : ' in no plot area'));
      }
      holder.remove();
    }
    return bad;
  })()`);
  expect(bad).toEqual([]);
}

/** No element on the page is wider than the box it sits in (each element's right edge within its parent's, each scroll box without sideways scroll). */
export async function expectNothingWiderThanItsBox(page: Page): Promise<void> {
  const bad = await page.evaluate<string[]>(`(() => {
    const name = (el) => el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : el.className && typeof el.className === 'string' ? '.' + el.className.split(' ')[0] : '');
    const bad = [];
    for (const el of document.querySelectorAll('body *')) {
      if (el.closest('svg') && el.tagName.toLowerCase() !== 'svg') continue;
      const parent = el.parentElement;
      if (!parent || el.getClientRects().length === 0) continue;
      const r = el.getBoundingClientRect();
      const p = parent.getBoundingClientRect();
      if (r.right > p.right + 1 && getComputedStyle(parent).overflowX === 'visible') bad.push(name(el) + ' is ' + Math.round(r.width) + ' px wide and ends ' + Math.round(r.right - p.right) + ' px past ' + name(parent));
      if (el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)) bad.push(name(el) + ' scrolls sideways: ' + el.scrollWidth + ' px in ' + el.clientWidth);
    }
    return bad;
  })()`);
  expect(bad).toEqual([]);
}
