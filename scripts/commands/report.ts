/**
 * `arena report RUN_DIR|RUNS_FOLDER...`: what happened in finished runs: result, clock summary (game time
 * charged to thinking vs acting per agent), decisions and invalid answers, one block per run; then per-agent
 * aggregates for each group of runs made under equal conditions (run.json `conditions`). Runs whose
 * conditions differ are not pooled unless `--pool`. `--json` prints it all as JSON; `--plot DIR` draws
 * latency and progress over each episode.
 */
import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readRunRecord, runMeasure, seatValue, summarizeLedger, type RunRecord } from '../../gateway/index.js';
import { isSweepDir, writeSweepReport } from '../../sweeps/index.js';
import { endText, playerText } from '../../protocol/index.js';
import { usage } from '../cli-error.js';
import { parseFlags, type CommandSpec, type FlagTable } from '../cli/flags.js';
import { aggregateAgents, aggregateTable } from '../../plans/index.js';
import { comparisonText, compareGroups } from '../../plans/index.js';
import { differingKeys, groupByConditions, type ConditionGroup } from '../../plans/index.js';
import { describeConditionKeys } from '../../plans/index.js';
import { writeRunPlots } from '../../plans/index.js';

/** `arena report`'s flags. */
export const reportOptions = {
  json: { type: 'boolean', description: 'everything as JSON: runs, condition groups with their aggregates, the pooled table if asked (a sweep: its tables)' },
  pool: { type: 'boolean', description: 'also pool runs whose conditions differ into one table, and compare arms that differ in more than the studied factor (marked pooled, the differing keys named)' },
  plot: { type: 'string', arg: 'DIR', description: 'write <run-id>.svg and <run-id>.png per run: decision latency and progress over game time' },
} as const satisfies FlagTable;

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

const MIXED_PROFILES = "some were played under the omnigamearena profile, read by the benchmark's raw score, and some under ours, read by progress: not pooled, even with --pool";

const s = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

function reportOne(r: RunRecord): string {
  const { run } = r;
  const clock = summarizeLedger(r.ledger);
  const lines = [`${run.runId}: ${run.game}/${run.variant} seed ${run.seed} ${run.clock} -- ${run.status}${run.failure ? ` (${run.failure.class}: ${run.failure.code}: ${run.failure.message})` : ''}`];
  if (run.result) lines.push(`  ended: ${endText(run.result.reason, run.result.episode)} at ${s(run.result.simMs)} of game time`);
  const fi = run.frameIntegrity?.totals;
  if (fi) lines.push(`  frames: ${(fi.staleShare * 100).toFixed(1)}% stale of ${fi.observations} observed (${Object.entries(fi.verdicts).map(([v, n]) => `${v} ${n}`).join(', ')}${fi.retried ? `; ${fi.retried} retried` : ''})`);
  lines.push(`  game time: ${s(clock.actualMs)} run in ${clock.advances} advances (requested ${s(clock.requestedMs)}, largest error ${clock.maxAdvanceErrorMs.toFixed(1)} ms), ${s(clock.advanceWallMs)} of wall time in the game`);
  const bench = runMeasure(run) === 'benchmark';
  if (bench && run.result?.benchmark?.outOfRange.length) lines.push(`  benchmark: ${run.result.benchmark.outOfRange.length} score reading(s) outside the declared range, kept unclamped`);
  for (const p of run.result?.players ?? []) {
    const c = clock.slots.find((x) => x.slot === p.slot);
    const wall = thinkingWall(r, p.slot);
    lines.push(
      `  slot ${p.slot} ${p.label}: progress ${p.progress.toFixed(3)}${bench ? `, benchmark score ${seatValue(run, p.slot)?.toFixed(3) ?? '-'} (raw, unclamped)` : ''} ${p.outcome !== 'none' ? p.outcome : ''} | ${p.decisions} decisions, ${p.invalid} invalid, ${p.failed} failed` +
        (wall ? ` | thinking ${s(wall.ms)} wall (mean ${(wall.ms / wall.n).toFixed(0)} ms)` : '') +
        (c ? `, charged ${s(c.thinkingMs)} (mean ${c.meanChargedMs.toFixed(0)} ms), acting ${s(c.actingMs)}` : ''),
    );
  }
  return lines.join('\n');
}

/** A slot's thinking (wall time from observation to answer, docs/clock.md's glossary) over its decisions in the ledger. */
function thinkingWall(r: RunRecord, slot: number): { ms: number; n: number } | undefined {
  const walls = r.ledger.flatMap((e) => (e.slot === slot && typeof e.decideWallMs === 'number' ? [e.decideWallMs] : []));
  return walls.length === 0 ? undefined : { ms: walls.reduce((a, b) => a + b, 0), n: walls.length };
}

/** One line naming a group's conditions. */
function groupTitle(g: ConditionGroup): string {
  const c = g.records[0]!.run.conditions;
  if (!c) return `condition group ${g.id}: ${g.game}/${g.variant}, conditions not declared (run recorded before they were), ${g.records.length} run(s)`;
  const agents = c.agents.map((a) => `${playerText(a.label, a.slot)}${a.latency === 'none' ? '' : ` latency ${a.latency}`}${a.settings?.route ? ` ${JSON.stringify(a.settings.route)}` : ''}`).join(', ');
  return `condition group ${g.id} (runs under the same conditions): ${g.game}/${g.variant} ${c.clock}, observation delay ${c.observationDelayMs} ms, decision budget ${c.stepBudget}, time limit ${s(c.timeLimitMs)}, frame ${c.frame.width}x${c.frame.height}, profile ${c.profile}, build ${c.build?.build ?? '?'}, gateway ${c.gateway.version} ${c.gateway.commit.slice(0, 12)}; ${agents}; ${g.records.length} run(s)`;
}

/** A sweep (or any batch) folder: its tables printed, CSV, JSON and plots written beside the store. */
async function sweepReport(dir: string, json: boolean, pool: boolean): Promise<number> {
  const { text, files, tables } = await writeSweepReport(dir, { pool });
  process.stdout.write(json ? `${JSON.stringify(tables, null, 2)}\n` : text);
  process.stderr.write(`written: ${files.join(', ')}\n`);
  return 0;
}

export async function reportCommand(argv: string[]): Promise<number> {
  const { values, operands: positionals } = parseFlags('report', reportOptions, argv, true);
  if (positionals.length === 0) throw usage('usage: arena report RUN_DIR|RUNS_FOLDER|SWEEP_DIR... [--json] [--pool] [--plot DIR]');
  if (positionals.length === 1 && isSweepDir(positionals[0]!)) return sweepReport(positionals[0]!, values.json, values.pool);
  const records = runDirs(positionals).map(readRunRecord);
  const groups = groupByConditions(records);
  const differing = differingKeys(groups);
  // Runs under the benchmark's profile are read by its raw score, ours by progress: never pooled into one table.
  const mixed = new Set(records.map((r) => runMeasure(r.run))).size > 1;
  const pooled = values.pool && groups.length > 1 && !mixed ? aggregateAgents(records) : undefined;
  const comparisons = compareGroups(groups, values.pool);
  const plots = values.plot === undefined ? [] : (mkdirSync(values.plot, { recursive: true }), await writeRunPlots(records, values.plot));
  if (values.json) {
    const out = {
      runs: records.map((r) => ({ dir: r.dir, run: r.run, clock: summarizeLedger(r.ledger) })),
      groups: groups.map((g) => ({ id: g.id, game: g.game, variant: g.variant, conditions: g.conditions ?? null, runs: g.records.map((r) => r.run.runId), agents: aggregateAgents(g.records) })),
      differing,
      comparisons,
      ...(pooled ? { pooled: { differing, agents: pooled } } : {}),
      ...(values.pool && mixed ? { poolRefused: MIXED_PROFILES } : {}),
      ...(plots.length > 0 ? { plots } : {}),
    };
    process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return 0;
  }
  const blocks = records.map(reportOne);
  for (const g of groups) blocks.push(`${groupTitle(g)}\n${aggregateTable(aggregateAgents(g.records))}`);
  if (groups.length > 1) {
    blocks.push(
      pooled
        ? `POOLED over ${groups.length} groups whose conditions differ in: ${describeConditionKeys(differing)}\n${aggregateTable(pooled)}`
        : `${groups.length} condition groups, not pooled: they differ in ${describeConditionKeys(differing)} (${mixed ? MIXED_PROFILES : '--pool pools them anyway'}; --json lists the keys)`,
    );
  }
  const compared = comparisonText(comparisons);
  if (compared) blocks.push(compared);
  if (plots.length > 0) blocks.push(`plots: ${plots.join(', ')}`);
  process.stdout.write(`${blocks.join('\n\n')}\n`);
  return 0;
}

/** `arena report` in the command table. */
export const reportCli: CommandSpec = {
  flags: reportOptions,
  operands: { name: 'RUN_DIR|RUNS_FOLDER|SWEEP_DIR...', description: 'run directories (with a run.json), folders of them, or one sweep folder (its tables, CSV, JSON and plots)' },
  examples: ['arena report runs/', 'arena report runs/ --json --pool', 'arena report runs/RUN_ID --plot /tmp/plots'],
  notes: [
    'Summarises finished runs: one block per run, then per-agent aggregates (TTFT and decision latency p50/p95,',
    'tokens, images and bytes sent, invalid/timeout/completion rates, thinking vs acting game time) for each',
    "group of runs made under equal declared conditions. A sweep folder (one SWEEP_DIR) gets the sweep's tables.",
  ],
  run: reportCommand,
};
