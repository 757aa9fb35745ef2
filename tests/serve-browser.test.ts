/**
 * The web app in a real browser: Debian's Chromium driven by playwright-core against a real service, every page
 * kind on real data, each checked as a reader sees it (tests/support/reader-checks.ts). Screenshots of each page
 * go to test-artifacts/screenshots/ (git-ignored; no CI keeps them yet). Skips with a message when /usr/bin/chromium is
 * missing (.ci/run installs it).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureWebBundle } from '../scripts/serve/web-bundle.js';
import { STAY, submit } from './support/curve-fixtures.js';
import { startFakeProvider, type FakeProvider } from './support/fake-provider.js';
import { expectReadable, watchProblems } from './support/reader-checks.js';
import { startTestService, type TestService } from './support/serve-harness.js';
import { columnTexts, haveChromium, launchTestPage, type TestPage } from './support/test-browser.js';
import { readRunRecord } from '../gateway/index.js';
import { writeRunPlots } from '../plans/index.js';
import { expectNiceTicks, panels, svgTexts } from './support/svg-checks.js';
import { STREAM_STEPS, streamWidth } from '../web/src/stream-size.js';

const ARTIFACTS = join('test-artifacts', 'screenshots');
if (!haveChromium) process.stderr.write('serve-browser: skipped, needs the Debian package chromium\n');

let svc: TestService;
let provider: FakeProvider;
let browser: TestPage;
let page: Page;
let problems: { take: () => string[] };
const requested: string[] = [];

beforeAll(async () => {
  if (!haveChromium) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  svc = await startTestService({ webDir: await ensureWebBundle() });
  provider = await startFakeProvider();
  browser = await launchTestPage();
  page = browser.page;
  page.on('request', (r) => requested.push(r.url()));
  problems = watchProblems(page);
}, 60_000);

afterAll(async () => {
  if (!haveChromium) return;
  await browser?.close();
  await provider?.close();
  await svc?.close();
});

/** A VLM match against the fake provider: each decision thinks (reasoning) for a while before its answer. */
async function vlmMatch(steps: number): Promise<string> {
  provider.script(...Array.from({ length: steps }, (_, i) => ({ reasoning: `Thinking about move number ${i}.`, text: '<|action_start|>0 0 0 ; D ; D <|action_end|>', delayMs: 350 })));
  const created = await svc.api.post('/api/matches', { game: 'last_stand', agents: [{ kind: 'vlm', vlm: { baseUrl: provider.url, model: 'fake-vlm', maxSide: 320, retryBaseMs: 10 } }], stepBudget: steps, observationDelayMs: 0 });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

/** Lists a job's episode runs in the runs browser by one filter field and opens the first as a replay; returns how many were listed. */
async function openJobRun(field: 'curve' | 'sweep', id: string, shot: string): Promise<number> {
  await page.goto(`${svc.url}/#/runs`);
  // Every run so far, unfiltered: the table fits its box at 1400 px, nothing to scroll sideways for.
  await page.locator('[data-testid=runs][data-query=""] [data-testid=run-link]').first().waitFor({ timeout: 20_000 });
  await page.screenshot({ path: join(ARTIFACTS, `runs-all-${shot}.png`), fullPage: true });
  const box = await page.evaluate<{ rows: number; scroll: number; client: number; columns: string }>(`(() => { const wrap = document.querySelector('[data-testid=runs-table]').parentElement; return { rows: document.querySelectorAll('[data-testid=runs-table] tbody tr').length, scroll: wrap.scrollWidth, client: wrap.clientWidth, columns: [...wrap.querySelectorAll('thead th')].map((th) => th.firstChild.textContent + ' ' + Math.round(th.getBoundingClientRect().width)).join(', ') }; })()`);
  expect(box.rows).toBeGreaterThan(0);
  // Each filter box offers the values the runs have, and an example while empty.
  expect(await page.locator('[data-testid=filter-game]').getAttribute('placeholder')).toMatch(/^game, e\.g\. \w+/);
  expect(await page.locator('[data-testid=values-game] option').count()).toBeGreaterThan(0);
  expect(box.scroll, `the runs table (${box.rows} runs) is ${box.scroll} px wide in its ${box.client} px box (${box.columns})`).toBeLessThanOrEqual(box.client);
  // A cell of two lines (the model under the agents) sorts by its first line.
  await page.locator('[data-testid=runs-table] th', { hasText: 'agents' }).click();
  expect(await page.locator('[data-testid=runs-table] th', { hasText: 'agents' }).getAttribute('aria-sort')).toBe('ascending');
  const agents = await page.evaluate<string[]>(`(() => { const ths = [...document.querySelectorAll('[data-testid=runs-table] thead th')]; const at = ths.findIndex((th) => th.firstChild.textContent === 'agents'); return [...document.querySelectorAll('[data-testid=runs-table] tbody tr')].map((tr) => tr.children[at].firstChild.textContent); })()`);
  expect(agents).toEqual([...agents].sort());
  await page.locator(`[data-testid=filter-${field}]`).fill(id);
  await page.locator('form.filters button').click();
  // The table of this filter, not the unfiltered one the page opened with.
  await page.locator(`[data-testid=runs][data-query="${new URLSearchParams({ [field]: id }).toString()}"]`).waitFor({ timeout: 20_000 });
  const links = page.locator('[data-testid=runs-table] [data-testid=run-link]');
  await page.locator(`[data-testid=run-link][data-id^="${id}--"]`).first().waitFor({ timeout: 20_000 });
  const listed = await links.count();
  // Only that job's runs: each row names the job.
  // (the job column shows the job's id, which names its kind, shortened with the whole id kept)
  expect(await page.locator('[data-testid=runs-table] tbody tr').filter({ has: page.locator(`td [data-id="${id}"]`) }).count()).toBe(listed);
  // Each run's share of observations made on a stale frame (our reference games give none).
  expect(await columnTexts(page, 'runs-table', 'stale frames')).toEqual(Array.from({ length: listed }, () => '0.0%'));
  await page.screenshot({ path: join(ARTIFACTS, `runs-${shot}.png`), fullPage: true });
  await expectReadable(page, problems);
  // The filter is in the address, so the filtered table can be linked.
  expect(new URL(page.url()).hash).toBe(`#/runs?${new URLSearchParams({ [field]: id }).toString()}`);
  await links.first().click();
  await page.locator('[data-testid=replay-frame][data-step="0"]').waitFor({ timeout: 20_000 });
  await page.waitForFunction(`(() => { const img = document.querySelector('[data-testid=replay-frame]'); return img !== null && img.complete && img.naturalWidth > 0; })()`);
  expect(await page.locator('[data-testid=run-status]').textContent()).toMatch(/^last_stand\/origin pdq: complete, \d+ decisions$/);
  // The result, prominent: how the episode ended and the player's final progress.
  expect(await page.locator('[data-testid=run-result]').textContent()).toMatch(/^Result: ended \([a-z ]+\) at [\d.]+ s of game time.*progress \d\.\d{3}/);
  await page.screenshot({ path: join(ARTIFACTS, `replay-${shot}.png`), fullPage: true });
  await expectReadable(page, problems);
  return listed;
}

/**
 * Every player view on a match page is streamed at the size it is shown: it fills its share of the row (at most
 * 960 px, never past the game's own frame), and the frame's natural width is at least that and within one
 * stream step of it (scaled down by less than a step, never stretched). Its caption says how old the frame is.
 */
async function expectViewsAtShownSize(views: number): Promise<void> {
  await page.waitForFunction(`(() => { const imgs = [...document.querySelectorAll('[data-testid=view]')]; return imgs.length === ${views} && imgs.every((img) => img.complete && img.naturalWidth > 0); })()`, undefined, { timeout: 20_000 });
  const sizes = await page.evaluate<{ natural: number; shown: number; source: number; row: number; stream: number }[]>(`(() => { const row = document.querySelector('[data-testid=views]'); return [...document.querySelectorAll('[data-testid=view]')].map((img) => ({ natural: img.naturalWidth, shown: img.getBoundingClientRect().width, source: Number(img.dataset.sourceWidth), row: row.clientWidth, stream: Number(row.dataset.stream) })); })()`);
  for (const s of sizes) {
    const share = Math.floor((s.row - 16 * (views - 1)) / views);
    expect(s.shown).toBeCloseTo(Math.min(960, share, s.source), 0);
    expect(s.natural).toBeGreaterThanOrEqual(Math.floor(s.shown));
    expect(s.natural).toBeLessThanOrEqual(streamWidth(s.shown));
    expect(STREAM_STEPS).toContain(s.stream);
  }
  const ages = await page.locator('[data-testid=frame-age]').allTextContents();
  expect(ages).toHaveLength(views);
  for (const age of ages) expect(age).toMatch(/^\d+(\.\d)? s old$/);
}

/** The run's plot (the one arena report --plot writes) as the page draws it: nice ticks on every axis, each axis labelled with its unit, n and the median latency said; returns its SVG. */
async function expectRunPlot(decisions: number | undefined = undefined): Promise<string> {
  await page.locator('[data-testid=run-plot] svg').waitFor({ timeout: 20_000 });
  if (decisions !== undefined) await page.waitForFunction(`document.querySelector('[data-testid=run-plot]').dataset.decisions === '${decisions}'`, undefined, { timeout: 20_000 });
  const svg = await page.locator('[data-testid=run-plot]').innerHTML();
  for (const axis of ['tick-x', 'tick-y']) {
    const runs = panels(svgTexts(svg, axis));
    expect(runs, axis).toHaveLength(2);
    for (const labels of runs) expectNiceTicks(labels, axis);
  }
  expect(svgTexts(svg, 'axis-label')).toEqual(['game time (s)', 'latency (wall ms)', 'game time (s)', 'progress (0..1)']);
  expect(await page.locator('[data-testid=run-plot-heading]').textContent()).toBe('Latency and progress');
  expect(svgTexts(svg, 'panel-note')[0]).toMatch(/^n = \d+ decisions?, median \d+ ms$/);
  return svg;
}

describe.skipIf(!haveChromium)('the web app in Chromium', () => {
  it('shows a running match on the live page whose frame changes, and its reasoning panel updates at a decision', async () => {
    const id = await vlmMatch(14);
    await page.goto(`${svc.url}/#token=${svc.token}`);
    const thumb = page.locator(`[data-testid=live-card][data-job="${id}"] img`);
    await thumb.and(page.locator('[data-seq]')).waitFor({ timeout: 20_000 });
    const firstSeq = await thumb.getAttribute('data-seq');
    // Page functions are strings: this file is type-checked without the DOM library.
    await page.waitForFunction(`document.querySelector('[data-testid=live-card][data-job="${id}"] img')?.getAttribute('data-seq') !== '${firstSeq}'`, undefined, { timeout: 20_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'live.png') });
    await expectReadable(page, problems);

    await page.locator(`[data-testid=live-card][data-job="${id}"]`).click();
    const reasoning = page.locator('[data-testid=reasoning-panel] [data-testid=reasoning]');
    await reasoning.first().waitFor({ timeout: 20_000 });
    const before = await page.locator('[data-testid=reasoning-panel] [data-testid=decision]').getAttribute('data-step');
    await page.waitForFunction(`Number(document.querySelector('[data-testid=reasoning-panel] [data-testid=decision]')?.getAttribute('data-step')) > ${Number(before)}`, undefined, { timeout: 20_000 });
    const text = await reasoning.first().textContent();
    expect(text).toMatch(/^Thinking about move number \d+\.$/);
    expect(Number(text!.match(/\d+/)![0])).toBeGreaterThan(Number(before));
    // Its parsed chunk and timings read as words, not JSON or record keys.
    expect(await page.locator('[data-testid=reasoning-panel] .chunk').first().textContent()).toMatch(/^parsed: look -?\d+ -?\d+; steps: [^{}"]+$/);
    expect(await page.locator('[data-testid=reasoning-panel] .timings').first().textContent()).toMatch(/^wall \d+ ms, (?!.*Ms\b)/);
    await page.locator('[data-testid=view]').first().waitFor();
    await expectViewsAtShownSize(1);
    await page.locator('[data-testid=clock-timeline] rect').first().waitFor({ timeout: 20_000 });
    // The plot holds every decision the page has (the history before it opened, then the stream).
    const count = Number((await page.locator('[data-testid=decision-count]').textContent())!.match(/^(\d+) decisions so far$/)![1]);
    expect(count).toBeGreaterThan(0);
    await expectRunPlot();
    await page.waitForFunction(`document.querySelector('[data-testid=run-plot]').dataset.decisions === document.querySelector('[data-testid=decision-count]').textContent.split(' ')[0]`, undefined, { timeout: 20_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'match.png'), fullPage: true });
    await expectReadable(page, problems);
    await svc.api.settled('matches', id);
    // Once it ends, the match page shows its result and links the replay.
    await page.locator('[data-testid=run-result]').waitFor({ timeout: 20_000 });
    // In words, not the record's keys: `ended (decision budget used up)`, never `step_budget` or `(budget)`.
    expect(await page.locator('[data-testid=run-result]').textContent()).toMatch(/^Result: ended \([a-z ]+\)/);
    expect(await page.locator('[data-testid=run-result]').textContent()).not.toMatch(/step_budget|\(budget\)/);
    expect(await page.locator('[data-testid=decision-count]').textContent()).toMatch(/^\d+ decisions$/);
    // The clock timeline has a game-time axis and names each slot's row.
    expect(await page.locator('[data-testid=clock-timeline] .axis-label').textContent()).toBe('game time (s)');
    expect(await page.locator('[data-testid=clock-timeline] .slot-label').allTextContents()).toEqual(['slot 0']);
    await page.locator('[data-testid=replay-link]').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'match-finished.png'), fullPage: true });
    await expectReadable(page, problems);
  }, 90_000);

  it('shows a finished match\'s last frames, opened after it ended', async () => {
    const created = await svc.api.post('/api/matches', { game: 'sky_duel', agents: [{ kind: 'scripted' }, { kind: 'random' }], stepBudget: 4, observationDelayMs: 0 });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await svc.api.settled('matches', id);
    await page.goto(`${svc.url}/?token=${svc.token}#/match/${id}`);
    await page.locator('[data-testid=run-result]').waitFor({ timeout: 20_000 });
    // No stream is left: each player's view is its last recorded frame, read from the run.
    await page.waitForFunction(`(() => { const imgs = [...document.querySelectorAll('[data-testid=view][data-recorded]')]; return imgs.length === 2 && imgs.every((img) => img.complete && img.naturalWidth > 0); })()`, undefined, { timeout: 20_000 });
    expect(await page.evaluate<string[]>(`[...document.querySelectorAll('[data-testid=view]')].map((i) => i.dataset.slot).sort()`)).toEqual(['0', '1']);
    expect(await page.locator('[data-testid=decision-count]').textContent()).toMatch(/^\d+ decisions$/);
    expect(await page.locator('[data-testid=clock-timeline] .slot-label').allTextContents()).toEqual(['slot 0', 'slot 1']);
    await page.screenshot({ path: join(ARTIFACTS, 'match-finished-opened-after.png'), fullPage: true });
    await expectReadable(page, problems);
  }, 60_000);

  it('shows both players\' views side by side on a two-player match\'s page', async () => {
    // Two VLM players that think 300 ms a decision (a model of their own): the match still runs while the page looks.
    const model = await startFakeProvider();
    model.script(...Array.from({ length: 80 }, () => ({ text: '<|action_start|>0 0 0 ; ; <|action_end|>', delayMs: 300 })));
    const vlm = { kind: 'vlm', vlm: { baseUrl: model.url, model: 'fake-vlm', maxSide: 160, retryBaseMs: 10 } };
    const created = await svc.api.post('/api/matches', { game: 'sky_duel', agents: [vlm, vlm], stepBudget: 40, observationDelayMs: 0 });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    try {
      await page.goto(`${svc.url}/?token=${svc.token}#/match/${id}`);
      for (const slot of [0, 1]) await page.locator(`[data-testid=view][data-slot="${slot}"]`).waitFor({ timeout: 20_000 });
      await expectViewsAtShownSize(2);
      const [left, right] = (await Promise.all([0, 1].map((slot) => page.locator(`[data-testid=view][data-slot="${slot}"]`).boundingBox()))).sort((a, b) => a!.x - b!.x);
      // Side by side: the same row, one beside the other (in the order their first frames came).
      expect(Math.abs(left!.y - right!.y)).toBeLessThan(2);
      expect(right!.x).toBeGreaterThanOrEqual(left!.x + left!.width - 1);
      await page.screenshot({ path: join(ARTIFACTS, 'match-two-players.png'), fullPage: true });
      await expectReadable(page, problems);
    } finally {
      if ((await svc.api.get(`/api/matches/${id}`)).body.status === 'running') await svc.api.post(`/api/matches/${id}/cancel`);
      await model.close();
    }
  }, 90_000);

  it('scrubs a finished run\'s replay through its decisions', async () => {
    const id = await vlmMatch(6);
    await svc.api.settled('matches', id);
    // A video beside the run, as a recorder that encodes one leaves it (Debian's ffmpeg).
    const video = spawnSync('ffmpeg', ['-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x180:rate=10', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', join(svc.runsDir, id, 'episode.mp4')]);
    expect(video.status).toBe(0);
    await page.goto(`${svc.url}/#/runs`);
    await page.locator('[data-testid=filter-game]').fill('last_stand');
    await page.locator('[data-testid=filter-agent]').fill('vlm');
    await page.locator('form.filters button').click();
    await page.locator(`[data-testid=run-link][data-id="${id}"]`).click();
    const frame = page.locator('[data-testid=replay-frame]');
    await frame.and(page.locator('[data-step="0"]')).waitFor({ timeout: 20_000 });
    const firstSrc = await frame.getAttribute('src');
    expect(await page.locator('[data-testid=replay-decision] [data-testid=reasoning]').textContent()).toContain('Thinking about move number');
    await page.evaluate(`(() => { const el = document.querySelector('[data-testid=scrubber]'); el.value = el.max; el.dispatchEvent(new Event('input')); })()`);
    await frame.and(page.locator('[data-step="5"]')).waitFor();
    expect(await frame.getAttribute('src')).not.toBe(firstSrc);
    await page.waitForFunction(`(() => { const img = document.querySelector('[data-testid=replay-frame]'); return img !== null && img.complete && img.naturalWidth > 0; })()`);
    expect(await page.locator('[data-testid=replay-step]').textContent()).toMatch(/^decision 6\/6 \(last; the episode ended: [a-z ]+\)$/);
    await page.locator('[data-testid=video]').waitFor();
    await page.waitForFunction(`document.querySelector('[data-testid=video]').readyState >= 1`, undefined, { timeout: 20_000 });
    expect(await page.evaluate(`document.querySelector('[data-testid=video]').duration`)).toBeCloseTo(2, 0);
    // A poster frame (the run's first decision frame) before it plays.
    expect(await page.locator('[data-testid=video]').getAttribute('poster')).toMatch(/\/files\/.+\.jpg/);
    // The run's plot: the very plot arena report --plot writes for this run (its texts and marks the same).
    const shown = await expectRunPlot(6);
    const out = join(svc.runsDir, `${id}-plots`);
    mkdirSync(out);
    const [path] = await writeRunPlots([readRunRecord(join(svc.runsDir, id))], out);
    const file = readFileSync(path!, 'utf8');
    for (const cls of ['plot-title', 'legend', 'panel-note', 'tick-x', 'tick-y', 'axis-label']) expect(svgTexts(shown, cls), cls).toEqual(svgTexts(file, cls));
    for (const mark of ['<polyline', '<circle']) expect(shown.split(mark).length, mark).toBe(file.split(mark).length);
    await page.screenshot({ path: join(ARTIFACTS, 'replay.png'), fullPage: true });
    await expectReadable(page, problems);
  }, 90_000);

  it('shows a tournament\'s standings table', async () => {
    const created = await svc.api.post('/api/tournaments', { game: 'sky_duel', agents: 'scripted,random', episodes: 1, 'time-limit': 2, 'obs-delay': 0 });
    const id = created.body.id as string;
    await svc.api.settled('tournaments', id, 120_000);
    await page.goto(`${svc.url}/#/jobs`);
    await page.locator(`[data-testid=job-link][data-id="${id}"]`).click();
    const rows = page.locator('[data-testid=standings-table] tbody tr');
    await rows.first().waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBe(2);
    expect(await page.locator('[data-testid=standings-table]').textContent()).toContain('scripted');
    // Who won, prominent above the tables.
    expect(await page.locator('[data-testid=job-result]').textContent()).toMatch(/^Top: (scripted|random), \d+ Elo \(95% \d+ \u2013 \d+\), \d of 2 games won$/);
    // What was run, its ratings drawn, and its runs a click away.
    expect(await page.locator('[data-testid=job-what]').textContent()).toMatch(/sky_duel; agents scripted, random; clock pdq; 1 episode per line-up/);
    await page.locator('[data-testid=standings-plot] svg').waitFor();
    await page.screenshot({ path: join(ARTIFACTS, 'tournament.png'), fullPage: true });
    await expectReadable(page, problems);
    await page.locator('[data-testid=job-runs-link]').click();
    await page.locator(`[data-testid=runs][data-query="${new URLSearchParams({ job: id }).toString()}"] [data-testid=run-link]`).first().waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=runs-table] tbody tr').count()).toBe(2);
    await page.goto(`${svc.url}/#/jobs`);
    await page.locator(`[data-testid=job-link][data-id="${id}"]`).waitFor();
    // The list says each job's game and what it ran.
    expect(await columnTexts(page, 'jobs-table', 'game')).toContain('sky_duel');
    await page.screenshot({ path: join(ARTIFACTS, 'jobs.png'), fullPage: true });
    await expectReadable(page, problems);
    // A singular kind opens the same page.
    await page.goto(`${svc.url}/#/job/tournament/${id}`);
    await page.locator('[data-testid=standings-table] tbody tr').first().waitFor({ timeout: 20_000 });
    await expectReadable(page, problems);
  }, 150_000);

  it('shows a tournament played under three fairness arms as its speed-or-skill decomposition, a plot with intervals and tables', async () => {
    // docs/pvp-fairness.md's worked example on one episode: a fast and a slow copy of the scripted policy.
    const created = await svc.api.post('/api/tournaments', { game: 'sky_duel', agents: 'fast=scripted,slow=scripted', latency: 'fast=synthetic:100,slow=synthetic:1500', arms: 'pdq,matched,lcrt', episodes: 1, 'time-limit': 20, parallel: 2, 'bootstrap-samples': 200 });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await svc.api.settled('tournaments', id, 180_000)).toMatchObject({ status: 'complete' });
    const file = await svc.api.get<{ pairs: { a: string; b: string; components: Record<string, { value: number; lo: number; hi: number }> }[] }>(`/api/tournaments/${id}/files/decomposition.json`);
    expect(file.status).toBe(200);
    await page.goto(`${svc.url}/?token=${svc.token}#/job/tournaments/${id}`);
    await page.locator('[data-testid=decomposition-components] tbody tr').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=decomposition-components] tbody tr').count()).toBe(2);
    expect(await page.locator('[data-testid=decomposition-components] thead').textContent()).toContain('speed advantage (lcrt - matched) (Elo, 95% interval)');
    // The pair's row shows decomposition.json's numbers: the speed put in, and no skill difference.
    const pair = file.body.pairs[0]!;
    const row = page.locator('[data-testid=decomposition-pairs] tbody tr');
    expect(await row.count()).toBe(1);
    const cells = await row.first().locator('td').allTextContents();
    const shown = (e: { value: number; lo: number; hi: number }): string => `${e.value.toFixed(0)} (${e.lo.toFixed(0)} to ${e.hi.toFixed(0)})`;
    expect(cells).toEqual([`${pair.a} - ${pair.b}`, shown(pair.components.skill!), shown(pair.components.reacting!), shown(pair.components.speed!)]);
    const speed = pair.components.speed!;
    expect(Math.min(Math.abs(speed.lo), Math.abs(speed.hi))).toBeGreaterThan(0);
    expect(Math.sign(speed.lo)).toBe(Math.sign(speed.hi));
    expect(pair.components.skill!.lo).toBeLessThanOrEqual(0);
    expect(pair.components.skill!.hi).toBeGreaterThanOrEqual(0);
    expect(await page.locator('[data-testid=decomposition-n]').textContent()).toBe('1 episode under every arm, 200 bootstrap resamples');
    // The interval plot arena tournament writes, loaded and readable at the size shown.
    const plot = page.locator('[data-testid=decomposition-plot]');
    await page.waitForFunction(`(() => { const img = document.querySelector('[data-testid=decomposition-plot]'); return img !== null && img.complete && img.naturalWidth > 0; })()`, undefined, { timeout: 20_000 });
    expect((await plot.boundingBox())!.width).toBeGreaterThanOrEqual(600);
    await page.screenshot({ path: join(ARTIFACTS, 'tournament-arms.png'), fullPage: true });
    await expectReadable(page, problems);
  }, 240_000);

  it('shows a curve\'s rounds table and plot, and lists its episode runs in the runs browser', async () => {
    const reflector = await startFakeProvider();
    try {
      reflector.script(submit(STAY));
      const created = await svc.api.post('/api/curves', { game: 'last_stand', agent: 'random', 'reflector-model': 'fake-reflector', 'reflector-base-url': reflector.url, rounds: 1, episodes: 1, 'held-out': 'none', 'time-limit': 3, 'obs-delay': 0 });
      expect(created.status).toBe(201);
      const id = created.body.id as string;
      expect(await svc.api.settled('curves', id, 120_000)).toMatchObject({ status: 'complete' });
      const state = await svc.api.get<{ rounds?: unknown[] }>(`/api/curves/${id}/files/curve/curve.json`);
      expect(state.status).toBe(200);
      expect(state.body.rounds?.length).toBeGreaterThanOrEqual(1);
      await page.goto(`${svc.url}/?token=${svc.token}#/job/curves/${id}`);
      const rows = page.locator('[data-testid=curve-table] tbody tr');
      await rows.first().waitFor({ timeout: 20_000 });
      expect(await rows.count()).toBeGreaterThanOrEqual(1);
      // Its plot is the curve.svg arena curve wrote: every round mean with its interval and n.
      await page.waitForFunction(`(() => { const img = document.querySelector('[data-testid=curve-plot]'); return img !== null && img.complete && img.naturalWidth > 0; })()`, undefined, { timeout: 20_000 });
      const svg = await page.evaluate<string>(`fetch(document.querySelector('[data-testid=curve-plot]').src).then((r) => r.text())`);
      for (const labels of panels(svgTexts(svg, 'tick-y'))) expectNiceTicks(labels, 'curve score');
      expect(svg).toContain('n = 1 episode per round (no interval from one episode)');
      // The best round, prominent above the table.
      expect(await page.locator('[data-testid=job-result]').textContent()).toMatch(/^Best: round \d, mean score \d\.\d{3}; (rounds 0-1 played: the baseline and 1 reflection|stopped at round 0, which reached the success threshold)/);
      expect((await columnTexts(page, 'curve-table', 'reflection'))[0]).toBe('none (baseline)');
      expect(await page.locator('[data-testid=job-what]').textContent()).toMatch(/last_stand; agent random; clock pdq; 1 reflection round; 1 episode per round/);
      await page.screenshot({ path: join(ARTIFACTS, 'curve.png'), fullPage: true });
      await expectReadable(page, problems);
      // Its episode runs are in the runs browser, found by the curve, and open as replays.
      expect(await openJobRun('curve', id, 'curve')).toBe(state.body.rounds!.length);
    } finally {
      await reflector.close();
    }
  }, 150_000);

  it('shows a sweep\'s tables and plots, and lists its episode runs in the runs browser', async () => {
    const created = await svc.api.post('/api/sweeps', { name: 'browser-sweep', games: ['last_stand'], agents: [{ label: 'random', kind: 'random' }, { label: 'scripted', kind: 'scripted' }], clocks: ['pdq'], episodes: 1, seed: 1, match: { steps: 2, timeLimitMs: 4000 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    expect(await svc.api.settled('sweeps', id, 120_000)).toMatchObject({ status: 'complete' });
    await page.goto(`${svc.url}/?token=${svc.token}#/jobs`);
    await page.locator(`[data-testid=job-link][data-id="${id}"]`).click();
    const rows = page.locator('[data-testid=table-cells] tbody tr');
    await rows.first().waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBe(2);
    expect(await page.locator('[data-testid=table-cells]').textContent()).toContain('scripted');
    // And its report's plots.
    await page.locator('[data-testid=job-plot]').first().waitFor();
    expect(await page.locator('[data-testid=job-plot]').count()).toBe(2);
    await page.waitForFunction(`[...document.querySelectorAll('[data-testid=job-plot]')].every((img) => img.complete && img.naturalWidth > 0)`);
    expect(await page.locator('[data-testid=job-what]').textContent()).toBe('sweep browser-sweep: last_stand; agents random, scripted; clock pdq; 1 episode per cell');
    await page.screenshot({ path: join(ARTIFACTS, 'sweep.png'), fullPage: true });
    await expectReadable(page, problems);
    // Headers a reader understands, intervals as mean +- half, and a table sorted by a click on its header.
    expect(await page.locator('[data-testid=table-cells] thead').textContent()).toContain('mean progress (95% CI)');
    // The stale share per condition (cell).
    expect(await columnTexts(page, 'table-cells', 'stale frames')).toEqual(['0.0%', '0.0%']);
    expect(await page.locator('[data-testid=table-cells] tbody tr').first().textContent()).toMatch(/\d\.\d{3} \+- \d\.\d{3}|\d\.\d{3}/);
    await page.locator('[data-testid=table-cells] th', { hasText: 'agent' }).click();
    expect(await page.locator('[data-testid=table-cells] th', { hasText: 'agent' }).getAttribute('aria-sort')).toBe('ascending');
    // Its two episode runs are in the runs browser, found by the sweep, and open as replays.
    expect(await openJobRun('sweep', id, 'sweep')).toBe(2);
  }, 150_000);

  it('shows a sweep played under fairness arms with its speed-or-skill table and interval plot', async () => {
    const created = await svc.api.post('/api/sweeps', { name: 'browser-arms', games: ['sky_duel'], agents: [{ label: 'scripted', kind: 'scripted' }, { label: 'random', kind: 'random' }], fairness: ['pdq', 'matched', 'lcrt'], latencies: ['synthetic:600'], episodes: 2, seed: 1, match: { timeLimitMs: 8000, observationDelayMs: 0 } });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const job = (await svc.api.settled('sweeps', id, 180_000)) as { status: string; result: { arms: { agent: string; skill: { value: number; lo: number; hi: number }; speed: { value: number; lo: number; hi: number } }[] } };
    expect(job.status).toBe('complete');
    expect(job.result.arms.map((r) => r.agent)).toEqual(['random', 'scripted']);
    await page.goto(`${svc.url}/?token=${svc.token}#/job/sweeps/${id}`);
    const rows = page.locator('[data-testid=table-arms] tbody tr');
    await rows.first().waitFor({ timeout: 20_000 });
    expect(await rows.count()).toBe(2);
    expect(await page.locator('[data-testid=table-arms] thead').textContent()).toContain('speed advantage (lcrt - matched) (95% interval)');
    const text = (e: { value: number; lo: number; hi: number }): string => `${e.value.toFixed(3)} (${e.lo.toFixed(3)} to ${e.hi.toFixed(3)})`;
    for (const r of job.result.arms) {
      const cells = await rows.filter({ has: page.locator('td', { hasText: new RegExp(`^${r.agent}$`) }) }).locator('td').allTextContents();
      expect(cells).toContain(text(r.skill));
      expect(cells).toContain(text(r.speed));
    }
    // The decomposition plot beside the report's other two, every one loaded.
    await page.locator('[data-testid=job-plot][alt$="decomposition.svg"]').waitFor();
    expect(await page.locator('[data-testid=job-plot]').count()).toBe(3);
    await page.waitForFunction(`[...document.querySelectorAll('[data-testid=job-plot]')].every((img) => img.complete && img.naturalWidth > 0)`);
    await page.screenshot({ path: join(ARTIFACTS, 'sweep-arms.png'), fullPage: true });
    await expectReadable(page, problems);
  }, 240_000);

  it('loads nothing from outside the machine', () => {
    const base = new URL(svc.url).origin;
    const outside = requested.filter((u) => !u.startsWith(base) && !u.startsWith('blob:') && !u.startsWith('data:'));
    expect(requested.length).toBeGreaterThan(0);
    expect(outside).toEqual([]);
  });
});
