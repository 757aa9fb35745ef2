/**
 * `arena report RUN_DIR...`: what happened in finished runs: result, clock summary (game time charged to
 * thinking vs acting per agent), decisions and invalid answers. A folder of runs gets one line per run.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonl, summarizeLedger } from '../../gateway/index.js';
import { isSweepDir, writeSweepReport } from '../../sweeps/index.js';
import { usage } from '../cli-error.js';

interface RunJson {
  runId: string;
  game: string;
  variant: string;
  seed: number;
  clock: string;
  status: string;
  result?: { reason: string; simMs: number; players: { slot: number; label: string; progress: number; outcome: string; decisions: number; invalid: number; failed: number }[] };
  failure?: { code: string; class: string; message: string };
}

function runDirs(paths: readonly string[]): string[] {
  const out: string[] = [];
  for (const p of paths) {
    if (!existsSync(p)) throw usage(`no such run or folder: ${p}`);
    if (existsSync(join(p, 'run.json'))) out.push(p);
    else if (statSync(p).isDirectory()) out.push(...readdirSync(p).map((d) => join(p, d)).filter((d) => existsSync(join(d, 'run.json'))).sort());
  }
  if (out.length === 0) throw usage(`no run directories (with a run.json) under ${paths.join(', ')}`);
  return out;
}

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function reportOne(dir: string): string {
  const run = JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8')) as RunJson;
  const clock = summarizeLedger(readJsonl(join(dir, 'ledger.jsonl')));
  const lines = [`${run.runId}: ${run.game}/${run.variant} seed ${run.seed} ${run.clock} -- ${run.status}${run.failure ? ` (${run.failure.class}: ${run.failure.code}: ${run.failure.message})` : ''}`];
  if (run.result) lines.push(`  ended: ${run.result.reason} at ${s(run.result.simMs)} of game time`);
  lines.push(`  game time: ${s(clock.actualMs)} run in ${clock.advances} advances (requested ${s(clock.requestedMs)}, largest error ${clock.maxAdvanceErrorMs.toFixed(1)} ms), ${s(clock.advanceWallMs)} of wall time in the game`);
  for (const p of run.result?.players ?? []) {
    const c = clock.slots.find((x) => x.slot === p.slot);
    lines.push(
      `  slot ${p.slot} ${p.label}: progress ${p.progress.toFixed(3)} ${p.outcome !== 'none' ? p.outcome : ''} | ${p.decisions} decisions, ${p.invalid} invalid, ${p.failed} failed` +
        (c ? ` | thinking ${s(c.thinkingMs)} (mean ${c.meanChargedMs.toFixed(0)} ms), acting ${s(c.actingMs)}` : ''),
    );
  }
  return lines.join('\n');
}

/** A sweep (or any batch) folder: its tables printed, CSV, JSON and plots written beside the store. */
async function sweepReport(dir: string, json: boolean): Promise<number> {
  const { text, files, tables } = await writeSweepReport(dir);
  process.stdout.write(json ? `${JSON.stringify(tables, null, 2)}\n` : text);
  process.stderr.write(`written: ${files.join(', ')}\n`);
  return 0;
}

export async function reportCommand(argv: string[]): Promise<number> {
  const json = argv.includes('--json');
  const paths = argv.filter((a) => a !== '--json');
  if (paths.length === 0) throw usage('usage: arena report RUN_DIR|RUNS_FOLDER|SWEEP_DIR... [--json]');
  if (paths.length === 1 && isSweepDir(paths[0]!)) return sweepReport(paths[0]!, json);
  const dirs = runDirs(paths);
  if (json) {
    const out = dirs.map((d) => ({ dir: d, run: JSON.parse(readFileSync(join(d, 'run.json'), 'utf8')) as unknown, clock: summarizeLedger(readJsonl(join(d, 'ledger.jsonl'))) }));
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  process.stdout.write(`${dirs.map(reportOne).join('\n\n')}\n`);
  return 0;
}
