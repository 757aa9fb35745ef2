/**
 * The cases plan: Video-Arena golden sets. `video-arena` builds one from finished runs; `run` puts a model on a
 * set under one protocol; `score` scores a results folder against the set. The operands are the task and its
 * folders; each flag belongs to its tasks (cases-flags.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { buildVideoArena, gameScoreSvg, runCases, scoreResults, scoreTable } from '../../perception/index.js';
import { usage, type FlagValues } from '../../protocol/index.js';
import type { FlagPlanConfig, Plan, PlanIo } from '../run/plan-io.js';
import { CASES_TASKS, type casesFlags, type CasesTask } from './cases-flags.js';
import { casesRunSettings, casesScoreSettings, checkCasesFlags, videoArenaSettings } from './cases-plan.js';

type CasesValues = FlagValues<typeof casesFlags>;

/** `video-arena RUNS...`: a golden set from finished runs. */
async function videoArena(values: CasesValues, runs: readonly string[], io: PlanIo): Promise<number> {
  const s = videoArenaSettings(values);
  const set = await buildVideoArena(runs, {
    ...s,
    onProgress: (phase: string, done: number, total: number, detail: string) => io.progress(phase === 'examine' ? (done / Math.max(1, total)) * 0.3 : 0.3 + (done / Math.max(1, total)) * 0.7, `${phase} ${done}/${total} ${detail}`),
  });
  const { manifest } = set;
  if (values.json) io.print(`${JSON.stringify(manifest)}\n`);
  else {
    const games = [...new Set(manifest.cases.map((c) => c.game))];
    io.print(`${set.out}: ${manifest.cases.length} cases (${games.map((g) => `${g} ${manifest.cases.filter((c) => c.game === g).length}`).join(', ')}), ${manifest.skipped.length} runs left out (manifest.json says why)\n`);
  }
  return 0;
}

/** `run DIR`: a model on a golden set; 1 when some case ended in an infrastructure failure. */
async function run(values: CasesValues, dir: string, io: PlanIo): Promise<number> {
  const summary = await runCases({
    ...casesRunSettings(values),
    dir,
    signal: io.signal,
    onCase: (r, skipped) => io.print(`${r.caseId} ${r.protocol} ${r.model}: ${skipped ? 'complete already' : r.outcome}${r.infraClass ? ` (${r.infraClass})` : ''}${r.reason ? ` (${r.reason})` : ''}, ${r.tuples.length} tuples\n`),
  });
  io.print(`${summary.cases} cases: ${summary.ran} run, ${summary.skipped} complete already; ${Object.entries(summary.outcomes).map(([k, n]) => `${k} ${n}`).join(', ')}\n`);
  return summary.outcomes.infrastructure > 0 ? 1 : 0;
}

/** `score RESULTS`: strict tuple F1 and its diagnostics. */
function score(values: CasesValues, resultsDir: string, io: PlanIo): number {
  const s = casesScoreSettings(values);
  const report = scoreResults({ resultsDir, casesDir: s.casesDir, bootstrap: s.bootstrap, seed: s.seed });
  if (s.plots) {
    mkdirSync(s.plots, { recursive: true });
    for (const game of report.games) writeFileSync(join(s.plots, `${game}.svg`), gameScoreSvg(report, game));
  }
  if (s.report) {
    mkdirSync(dirname(s.report), { recursive: true });
    writeFileSync(s.report, `${JSON.stringify(report, null, 2)}\n`);
  }
  io.print(values.json ? `${JSON.stringify(report, null, 2)}\n` : scoreTable(report));
  return 0;
}

/** Runs one cases task (the first operand) on its folders (the rest). */
export const casesPlan: Plan<FlagPlanConfig<CasesValues>> = {
  name: 'cases',
  async run({ values, given, operands }, io) {
    const sub = operands[0] as CasesTask | undefined;
    const known = sub !== undefined && sub in CASES_TASKS;
    if (known && sub === 'video-arena' && operands.length < 2) throw usage('arena cases video-arena needs runs: run directories or folders of runs (e.g. runs/)');
    if (!known || (sub !== 'video-arena' && operands.length !== 2)) {
      throw usage(`usage: arena cases video-arena RUNS... --out DIR | arena cases run DIR ... | arena cases score RESULTS --cases DIR (got '${operands.join(' ')}'); see arena cases --help`);
    }
    checkCasesFlags(sub, new Set(given));
    if (sub === 'video-arena') return videoArena(values, operands.slice(1), io);
    return sub === 'run' ? run(values, operands[1]!, io) : score(values, operands[1]!, io);
  },
};
