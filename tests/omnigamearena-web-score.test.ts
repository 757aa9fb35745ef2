/**
 * The service's pages under the omnigamearena profile, in a real browser (Debian's Chromium, as
 * tests/serve-browser.test.ts): a match, a tournament, a curve and a sweep started through the API on last_stand's
 * reference game, whose raw `get_score` goes well above 1, show the benchmark's own score, raw, where our
 * normalised progress would be: the run's detail (`GET /api/runs/ID`: its benchmark timeline), the replay's result
 * banner and chart, the runs browser's column, the tournament's standings, the curve's rounds and the sweep's
 * tables, each named the benchmark score. Skips with a message when /usr/bin/chromium is missing.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureWebBundle } from '../scripts/serve/web-bundle.js';
import { STAY, submit } from './support/curve-fixtures.js';
import { startFakeProvider } from './support/fake-provider.js';
import { expectReadable, watchProblems } from './support/reader-checks.js';
import { startTestService, type TestService } from './support/serve-harness.js';
import { columnTexts, haveChromium, launchTestPage, type TestPage } from './support/test-browser.js';

if (!haveChromium) process.stderr.write('omnigamearena-web-score: skipped, needs the Debian package chromium\n');

let svc: TestService;
let browser: TestPage;
let page: Page;
let problems: { take: () => string[] };

beforeAll(async () => {
  if (!haveChromium) return;
  svc = await startTestService({ webDir: await ensureWebBundle() });
  browser = await launchTestPage();
  page = browser.page;
  problems = watchProblems(page);
}, 60_000);

afterAll(async () => {
  if (!haveChromium) return;
  await browser?.close();
  await svc?.close();
});

/** The run plot `svg` on the page draws the benchmark score, raw, with `raw` its last reading, under a heading naming it; returns its lower panel. */
async function expectBenchmarkPlot(svg: string, raw: number): Promise<string> {
  const lower = svg.slice(svg.indexOf('Benchmark score over game time'));
  expect(lower.length).toBeLessThan(svg.length);
  expect(lower).toContain(`last ${raw.toFixed(3)}`);
  expect(svg).toContain('benchmark score (raw, unclamped)');
  expect(svg).not.toContain('progress (0..1)');
  // The plot's section is headed by the benchmark score too, not our progress.
  expect(await page.locator('[data-testid=run-plot-heading]').textContent()).toBe('Latency and benchmark score');
  return lower;
}

describe.skipIf(!haveChromium)('the service pages under the omnigamearena profile', () => {
  it("show a match's benchmark score, raw, in its run detail, replay and the runs browser", async () => {
    const created = await svc.api.post('/api/matches', { game: 'last_stand', profile: 'omnigamearena', agents: [{ kind: 'scripted' }], stepBudget: 12, observationDelayMs: 0 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(await svc.api.settled('matches', id, 60_000)).toMatchObject({ status: 'complete' });
    const run = JSON.parse(readFileSync(join(svc.runsDir, id, 'run.json'), 'utf8')) as { result: { benchmark: { scores: number[] }; players: { progress: number }[] } };
    const raw = run.result.benchmark.scores[0]!;
    expect(raw).toBeGreaterThan(1);
    expect(run.result.players[0]!.progress).toBeLessThanOrEqual(1);
    // The run's detail: the benchmark score after each progress line, ending at the run's own.
    const detail = await svc.api.get<{ progress: unknown[]; benchmark?: { simMs: number; players: { slot: number; score: number }[] }[] }>(`/api/runs/${id}`);
    expect(detail.body.benchmark).toHaveLength(detail.body.progress.length);
    expect(detail.body.benchmark!.at(-1)!.players).toEqual([{ slot: 0, score: raw }]);

    await page.goto(`${svc.url}/?token=${svc.token}#/run/${id}`);
    await page.locator('[data-testid=benchmark-score]').waitFor({ timeout: 20_000 });
    expect(await page.locator('[data-testid=benchmark-score]').textContent()).toBe(`benchmark score ${raw.toFixed(3)}`);
    // The run's plot: its lower panel is the benchmark score, on an axis that reaches it.
    const plot = page.locator('[data-testid=run-plot] svg');
    await plot.waitFor({ timeout: 20_000 });
    const svg = await page.evaluate<string>(`document.querySelector('[data-testid=run-plot] svg').outerHTML`);
    const lower = await expectBenchmarkPlot(svg, raw);
    const yTicks = [...lower.matchAll(/class="tick-y"[^>]*>(-?[\d.]+)</g)].map((m) => Number(m[1]));
    expect(Math.max(...yTicks)).toBeGreaterThanOrEqual(raw);
    await expectReadable(page, problems);

    await page.goto(`${svc.url}/?token=${svc.token}#/runs`);
    await page.locator(`[data-testid=run-link][data-id="${id}"]`).waitFor({ timeout: 20_000 });
    expect(await columnTexts(page, 'runs-table', 'benchmark score')).toEqual([raw.toFixed(3)]);
    await expectReadable(page, problems);
  }, 120_000);

  it("draw a live match's benchmark score, raw, on its page while it runs", async () => {
    // Three answers that look around, then one that never comes: the match is still running while the page looks.
    const model = await startFakeProvider();
    try {
      model.script(...Array.from({ length: 3 }, () => ({ text: '<|action_start|>5 0 ; ; ; ; ; <|action_end|>' })), { hang: true });
      const created = await svc.api.post('/api/matches', { game: 'last_stand', profile: 'omnigamearena', agents: [{ kind: 'vlm', vlm: { baseUrl: model.url, model: 'fake-vlm', maxSide: 160, retryBaseMs: 10 } }], stepBudget: 50 });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as string;
      await page.goto(`${svc.url}/?token=${svc.token}#/match/${id}`);
      await vi.waitFor(() => expect(model.completions()).toHaveLength(4), { timeout: 30_000, interval: 100 });
      // Every progress report so far is on the page's plot, and its lower panel is the benchmark score the run's detail has.
      const drawn = async (): Promise<{ reports: string | undefined; svg: string }> => page.evaluate<{ reports: string | undefined; svg: string }>(`(() => { const box = document.querySelector('[data-testid=run-plot]'); return { reports: box?.dataset.reports, svg: box?.querySelector('svg')?.outerHTML ?? '' }; })()`);
      const { raw, svg } = await vi.waitFor(
        async () => {
          const detail = await svc.api.get<{ benchmark?: { players: { score: number }[] }[] }>(`/api/runs/${id}`);
          const timeline = detail.body.benchmark ?? [];
          const now = await drawn();
          expect(now.reports).toBe(String(timeline.length));
          const last = timeline.at(-1)!.players[0]!.score;
          expect(now.svg).toContain(`last ${last.toFixed(3)}`);
          return { raw: last, svg: now.svg };
        },
        { timeout: 20_000, interval: 250 },
      );
      expect((await svc.api.get<{ status: string }>(`/api/matches/${id}`)).body.status).toBe('running');
      expect(raw).toBeGreaterThan(1);
      await expectBenchmarkPlot(svg, raw);
      await expectReadable(page, problems);
      expect((await svc.api.post(`/api/matches/${id}/cancel`)).body).toMatchObject({ status: 'cancelled' });
    } finally {
      await model.close();
    }
  }, 90_000);

  it("show a tournament's standings by the benchmark score", async () => {
    const created = await svc.api.post('/api/tournaments', { game: 'last_stand', agents: 'scripted', episodes: 1, profile: 'omnigamearena', steps: 12, 'obs-delay': 0 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as string;
    expect(await svc.api.settled('tournaments', id, 120_000)).toMatchObject({ status: 'complete' });
    await page.goto(`${svc.url}/?token=${svc.token}#/job/tournaments/${id}`);
    await page.locator('[data-testid=standings-table] tbody tr').first().waitFor({ timeout: 20_000 });
    const [score] = await columnTexts(page, 'standings-table', 'mean benchmark score');
    expect(Number(score)).toBeGreaterThan(1);
    expect(await columnTexts(page, 'lineups-table', 'mean benchmark score per slot')).toEqual([score]);
    await expectReadable(page, problems);
  }, 150_000);

  it("show a curve's rounds and a sweep's tables by the benchmark score", async () => {
    const reflector = await startFakeProvider();
    try {
      reflector.script(submit(STAY));
      const curve = await svc.api.post('/api/curves', { game: 'last_stand', agent: 'scripted', profile: 'omnigamearena', 'reflector-model': 'fake-reflector', 'reflector-base-url': reflector.url, rounds: 1, episodes: 1, 'held-out': 'none', steps: 12, 'obs-delay': 0 });
      expect(curve.status, JSON.stringify(curve.body)).toBe(201);
      const sweep = await svc.api.post('/api/sweeps', { name: 'bench-sweep', games: ['last_stand'], agents: [{ label: 'scripted', kind: 'scripted' }], clocks: ['pdq'], episodes: 1, seed: 1, match: { steps: 12, observationDelayMs: 0, profile: 'omnigamearena' } });
      expect(sweep.status, JSON.stringify(sweep.body)).toBe(201);
      expect(await svc.api.settled('curves', curve.body.id as string, 120_000)).toMatchObject({ status: 'complete' });
      expect(await svc.api.settled('sweeps', sweep.body.id as string, 120_000)).toMatchObject({ status: 'complete' });

      await page.goto(`${svc.url}/?token=${svc.token}#/job/curves/${String(curve.body.id)}`);
      await page.locator('[data-testid=curve-table] tbody tr').first().waitFor({ timeout: 20_000 });
      const [round0] = await columnTexts(page, 'curve-table', 'mean benchmark score');
      expect(Number.parseFloat(round0!)).toBeGreaterThan(1);
      await page.locator('[data-testid=curve-plot]').waitFor();
      const curveSvg = await fetch(`${svc.url}/api/curves/${String(curve.body.id)}/files/curve/curve.svg`, { headers: { authorization: `Bearer ${svc.token}` } });
      expect(await curveSvg.text()).toContain('score (benchmark score)');
      await expectReadable(page, problems);

      await page.goto(`${svc.url}/?token=${svc.token}#/job/sweeps/${String(sweep.body.id)}`);
      await page.locator('[data-testid=table-cells] tbody tr').first().waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-testid=table-cells] thead').textContent()).toContain('mean benchmark score (95% CI)');
      const [cell] = await columnTexts(page, 'table-cells', 'mean benchmark score');
      expect(Number.parseFloat(cell!)).toBeGreaterThan(1);
      await page.locator('[data-testid=job-plot]').first().waitFor();
      await expectReadable(page, problems);
    } finally {
      await reflector.close();
    }
  }, 240_000);
});
