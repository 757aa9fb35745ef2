/**
 * The clock modes and latency sources are each one table (gateway/clock/clock-mode.ts,
 * gateway/clock/latency-sources.ts): docs/clock.md, the CLI's help texts and the errors list exactly their rows.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CLOCK_MODES } from '../gateway/clock/clock-mode.js';
import { LATENCY_FORMS, latencySourcesTable, MEASURED_KINDS } from '../gateway/clock/latency-sources.js';
import { LatencyCharger, LatencySource, parseLatencySource } from '../gateway/index.js';
import { CurveMatchSettings } from '../reflection/index.js';
import { curveOptions } from '../plans/index.js';
import { matchOptions } from '../plans/match/match-flags.js';
import { boardsOptions, tournamentOptions } from '../plans/index.js';

const clockDoc = readFileSync('docs/clock.md', 'utf8');
const modes = CLOCK_MODES.map((r) => r.mode);
const paused = CLOCK_MODES.filter((r) => r.paused).map((r) => r.mode);

describe('docs/clock.md', () => {
  it("has the latency sources' table exactly as the rows render it", () => {
    const block = /<!-- latency-sources:begin[^\n]*-->\n([\s\S]*?)\n<!-- latency-sources:end -->/.exec(clockDoc)?.[1];
    expect(block, 'the latency-sources:begin/end block').toBeDefined();
    expect(block).toBe(latencySourcesTable());
  });

  it('lists every clock mode and latency form in its usage line', () => {
    expect(clockDoc).toContain(`arena match --clock ${modes.join('|')} [--latency ${LATENCY_FORMS.join('|')}]`);
  });

  it('describes every clock mode, and no other', () => {
    const section = /## The three modes\n([\s\S]*?)\n## /.exec(clockDoc)?.[1] ?? '';
    expect([...section.matchAll(/^- \*\*`([a-z_]+)`\*\*/gm)].map((m) => m[1]).sort()).toEqual([...modes].sort());
  });
});

describe('help texts and errors', () => {
  it('name every latency source, ttlt included', () => {
    for (const kind of MEASURED_KINDS) {
      expect(matchOptions.latency.description).toContain(kind);
      expect(() => parseLatencySource('soon')).toThrow(new RegExp(`\\b${kind}\\b`));
      const curve = CurveMatchSettings.safeParse({ latency: 'soon' });
      expect(curve.success ? '' : curve.error.issues[0]!.message).toContain(kind);
    }
    expect(matchOptions.latency.description).toContain('ttlt');
  });

  it("take the clock modes from the table: match and curve all, tournament and boards' e2e the paused ones", () => {
    expect(matchOptions.clock.arg).toBe(modes.join('|'));
    expect(curveOptions.clock.arg).toBe(modes.join('|'));
    expect(tournamentOptions.clock.arg).toBe(paused.join('|'));
    expect(boardsOptions.clock.arg).toBe(paused.join('|'));
  });
});

describe('the latency sources table', () => {
  it('parses every measured source and charges it from its own figure, wall time when the figure is missing', () => {
    const http = { tcpMs: 30, tlsMs: 0, sendMs: 5, ttfbMs: 530, downloadMs: 40, wallMs: 605 };
    const timings = { wallMs: 900, ttftMs: 120, ttltMs: 700, providerMs: 450, networkRttMs: 20, retryMs: 100, http };
    const expected: Record<string, number> = { provider: 450, ttfb: 100, ttlt: 680, ttfb_minus_tcp: 500, wall: 800 };
    for (const kind of MEASURED_KINDS) {
      const source = parseLatencySource(kind);
      expect(LatencySource.parse(source)).toEqual({ kind });
      expect(new LatencyCharger(source, 0).charge(timings).ms).toBe(expected[kind]);
      if (kind === 'wall') continue;
      const fallback = new LatencyCharger(source, 0).charge({ wallMs: 900, retryMs: 100 });
      expect(fallback.ms).toBe(800);
      expect(fallback.note).toMatch(/; charged wall time, less 100 ms of 0 retried attempt\(s\)$/);
    }
  });
});
