/**
 * One headless Chromium page for the browser tests: the Debian package's binary, a fresh profile directory per
 * launch (playwright-core passes it as --user-data-dir), a 1400 x 1000 px viewport, and a close that removes the
 * profile. Also reads one column of a page's table by its header.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';

/** Where the Debian package chromium puts its binary; the browser tests skip when it is missing. */
export const CHROMIUM = '/usr/bin/chromium';

/** Whether the browser tests can run on this machine. */
export const haveChromium = existsSync(CHROMIUM);

/** A launched page and the close that ends its browser and removes its profile directory. */
export interface TestPage {
  page: Page;
  close: () => Promise<void>;
}

/** Launches headless Chromium on a fresh profile with a 1400 x 1000 px viewport and returns its first page. */
export async function launchTestPage(): Promise<TestPage> {
  const profile = mkdtempSync(join(tmpdir(), 'arena-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
    viewport: { width: 1400, height: 1000 },
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    page,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** The texts of one column of a table on the page (found by its data-testid), the column found by its header. */
export async function columnTexts(page: Page, testid: string, header: string): Promise<string[]> {
  // A string, as the tests' own TypeScript has no DOM types.
  return page.evaluate<string[]>(`(() => {
    const table = document.querySelector('[data-testid=${testid}]');
    const headers = [...(table ? table.querySelectorAll('thead th') : [])].map((th) => th.textContent || '');
    const at = headers.findIndex((t) => t.includes(${JSON.stringify(header)}));
    if (at < 0) return ['no column ' + ${JSON.stringify(header)} + ' in ' + headers.join(' | ')];
    return [...(table ? table.querySelectorAll('tbody tr') : [])].map((tr) => (tr.children[at] && tr.children[at].textContent) || '');
  })()`);
}
