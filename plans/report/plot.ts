/**
 * `arena report --plot DIR`: per run, the run's plot (`plots/run-plot.ts`: decision latency and progress over
 * the episode's game time, a line per player; under the omnigamearena profile the benchmark's raw score instead
 * of our progress), the same plot the web app's match and replay pages draw, as SVG and PNG (rendered by sharp).
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { benchmarkTimeline, type RunRecord } from '../../gateway/index.js';
import { runPlotSvg, runPlotTitle, type RunPlotData } from '../../plots/index.js';

/** A run record as the run plot's data. */
export function runPlotData(r: RunRecord): RunPlotData {
  const bench = benchmarkTimeline(r.run, r.progress);
  return {
    title: runPlotTitle(r.run),
    players: r.run.agents.map((a) => ({ slot: a.slot, label: a.label })),
    decisions: r.decisions.map((d) => ({ slot: d.slot, atMs: d.observedAtMs, latencyMs: d.timings?.wallMs })),
    ...(bench ? { progress: bench.map((p) => ({ simMs: p.simMs, players: p.players.map((q) => ({ slot: q.slot, progress: q.score })) })), measure: 'benchmark' as const } : { progress: r.progress }),
    endMs: r.run.result?.simMs,
  };
}

/** Writes `<runId>.svg` and `<runId>.png` for each run into `outDir`; returns the SVG paths. */
export async function writeRunPlots(records: readonly RunRecord[], outDir: string): Promise<string[]> {
  const out: string[] = [];
  for (const r of records) {
    const svg = runPlotSvg(runPlotData(r));
    const path = join(outDir, `${r.run.runId}.svg`);
    writeFileSync(path, svg);
    await sharp(Buffer.from(svg)).png().toFile(join(outDir, `${r.run.runId}.png`));
    out.push(path);
  }
  return out;
}
