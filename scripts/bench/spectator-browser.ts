/**
 * Spectators in a real browser for the bench: Debian's Chromium driven by playwright-core opens N spectator
 * streams from one page and timestamps each frame's arrival in the page (performance.timeOrigin + now). The
 * browser's clock is set against this process's (the gateway's `capturedAt` is its Date.now) by a handshake:
 * the round trip of the quickest of several page calls, its midpoint taken as the page's reading.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ArenaError, ErrorCode } from '../../protocol/index.js';

/** Debian's Chromium (package `chromium`). */
export const CHROMIUM = '/usr/bin/chromium';

/** Why the browser rows cannot run here, or undefined when they can. */
export function browserMissing(): string | undefined {
  return existsSync(CHROMIUM) ? undefined : `missing ${CHROMIUM} (apt-get install chromium)`;
}

/** What the page reports: each frame's age at arrival (ms, on this process's clock) and the clock handshake. */
export interface BrowserReport {
  readonly ages: number[];
  readonly frames: number;
  /** The page's clock less this process's, ms. */
  readonly clockOffsetMs: number;
  /** Half the round trip of the handshake that set the offset: how far off it may be, ms. */
  readonly clockUncertaintyMs: number;
}

/** Opens `count` spectator streams to `url` in the page; resolves with each frame's arrival time once every stream saw the end. */
const PAGE_SPECTATORS = `async ({ url, count }) => {
  const arrivals = [];
  await new Promise((resolve, reject) => {
    let ended = 0;
    for (let i = 0; i < count; i++) {
      const ws = new WebSocket(url);
      ws.binaryType = 'arraybuffer';
      ws.onmessage = (ev) => {
        const at = performance.timeOrigin + performance.now();
        if (typeof ev.data === 'string') {
          if (JSON.parse(ev.data).type === 'end' && ++ended === count) resolve();
          return;
        }
        const len = new DataView(ev.data).getUint32(0);
        const header = JSON.parse(new TextDecoder().decode(new Uint8Array(ev.data, 4, len)));
        arrivals.push([at, header.capturedAt]);
      };
      ws.onerror = () => reject(new Error('a spectator stream failed in the browser'));
    }
  });
  return arrivals;
}`;

/** A headless Chromium with a fresh profile, one page on the service's origin, its clock set against ours. */
export async function startBrowserSpectators(serviceUrl: string, count: number): Promise<{ attach: (url: string) => void; report: Promise<BrowserReport>; close: () => Promise<void> }> {
  const missing = browserMissing();
  if (missing) throw new ArenaError(ErrorCode.BAD_CONFIG, `browser spectators: ${missing}`);
  const { chromium } = await import('playwright-core').catch((err: unknown) => {
    throw new ArenaError(ErrorCode.BAD_CONFIG, `browser spectators need playwright-core (a dev dependency: run npm ci): ${err instanceof Error ? err.message : String(err)}`);
  });
  const profile = mkdtempSync(join(tmpdir(), 'arena-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  const close = async (): Promise<void> => {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${serviceUrl}/api/health`);
    let best = { rtt: Infinity, offset: 0 };
    for (let i = 0; i < 15; i++) {
      const t0 = Date.now();
      const inPage = await page.evaluate<number>('performance.timeOrigin + performance.now()');
      const t1 = Date.now();
      if (t1 - t0 < best.rtt) best = { rtt: t1 - t0, offset: inPage - (t0 + t1) / 2 };
    }
    const clock = best;
    let release: (url: string) => void = () => undefined;
    const attached = new Promise<string>((resolve) => (release = resolve));
    const report = attached.then(async (url) => {
      const arrivals = await page.evaluate<[number, number][]>(`(${PAGE_SPECTATORS})(${JSON.stringify({ url, count })})`);
      const ages = arrivals.map(([at, capturedAt]) => at - clock.offset - capturedAt);
      return { ages, frames: ages.length, clockOffsetMs: clock.offset, clockUncertaintyMs: clock.rtt / 2 };
    });
    return { attach: release, report, close };
  } catch (err) {
    await close();
    throw err;
  }
}
