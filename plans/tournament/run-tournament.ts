/**
 * Plays a planned tournament: the matches its results.jsonl lacks, on the embedded backend or on workers
 * through Redis, each outcome appended to its arm's results.jsonl; then the standings per arm and, with several
 * arms, the speed/skill decomposition, written beside them. Resumable: a rerun plays only what is missing.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { measureOf } from '../../protocol/index.js';
import { batchBackend, placementFlag } from '../sweep/work-backend.js';
import { vlmEndpointLimits } from '../sweep/vlm-endpoints.js';
import { benchmarkPlayers } from './benchmark-progress.js';
import { decompose } from './decomposition.js';
import { formatDecomposition, writeDecomposition } from './decomposition-tables.js';
import { armRecords, count, matchJob, type ArmPlan, type planTournament, type TournamentFlags } from './plan-tournament.js';
import { appendRecord, repairLog, type MatchRecord } from './results-log.js';
import { lineUps, matchLabel, type ScheduledMatch } from './schedule.js';
import { standings } from './standings.js';
import { formatStandings, writeStandings } from './tables.js';

/** Where a tournament's lines go and how it is stopped: the command line gives its streams, progress bar and signals. */
export interface TournamentIo {
  /** Tables and results (stdout). */
  readonly out: (text: string) => void;
  /** Progress notes and warnings (stderr). */
  readonly note: (text: string) => void;
  /** Called once with the number of matches to play, then per outcome, then when all are in. */
  readonly start?: (matches: number) => void;
  readonly progress?: (fraction: number, label: string) => void;
  readonly done?: () => void;
  /** No new matches after this aborts. */
  readonly stop: AbortSignal;
  /** Every match in flight ends as aborted, its record closed. */
  readonly abort: AbortSignal;
}

/** Plays `planned` (from `planTournament(values)`); how many matches failed and whether it was stopped. */
export async function runTournament(values: TournamentFlags, planned: Awaited<ReturnType<typeof planTournament>>, io: TournamentIo): Promise<{ failed: number; stopped: boolean }> {
  const { entry, variant, episodes, entrants, outDir, byLabel, labels, scheduled, arms } = planned;
  const work: { plan: ArmPlan; match: ScheduledMatch }[] = [];
  for (const plan of arms) {
    mkdirSync(plan.outDir, { recursive: true });
    const log = join(plan.outDir, 'results.jsonl');
    repairLog(log);
    const before = armRecords(plan, scheduled, byLabel);
    const done = new Set(before.records.map((r) => r.key));
    const todo = scheduled.filter((m) => !done.has(m.key));
    io.note(`tournament ${plan.setup}: ${scheduled.length} matches, ${todo.length} to play, ${scheduled.length - todo.length} already in ${log}${before.skipped ? ` (${before.skipped} unreadable lines skipped)` : ''}\n`);
    for (const match of todo) work.push({ plan, match });
  }

  const { stop, abort } = io;
  io.start?.(work.length);
  const parallel = count(values.parallel, 'parallel', 1);
  const runsDir = arms[0]!.shared.runsDir;
  const backend = batchBackend({ redis: values.redis, parallel, runsDir, batchDir: outDir, batch: `tournament-${entry.id}`, placement: placementFlag(values.placement), endpoints: vlmEndpointLimits([...byLabel.values()].map((e) => e.vlm)) });
  const items = work.map(({ plan, match }) => ({ job: matchJob(plan.shared, plan.setup, match, byLabel, plan.outDir, values.pool), attempt: 0 }));
  const byKey = new Map(items.map((item, i) => [item.job.id, work[i]!]));
  let finished = 0;
  let failed = 0;
  const failedIn = new Map<ArmPlan, number>();
  try {
    await backend.run(
      items,
      {
        onOutcome: ({ job }, result) => {
          const { plan, match } = byKey.get(job.id)!;
          const shared = plan.shared;
          finished++;
          // An episode whose decisions mostly failed at the provider comes back failed: it is retried, not scored.
          if (result.status === 'complete') {
            const players = result.players.map((p) => ({ slot: p.slot, label: p.label, progress: p.progress, score: p.score, outcome: p.outcome }));
            // Under the profile the ratings and tables read the benchmark's score, unclamped.
            const bench = shared.profile === 'omnigamearena' ? benchmarkPlayers(players, join(shared.runsDir, job.id)) : undefined;
            if (bench && bench.outOfRange > 0) io.note(`\n${matchLabel(match)}: ${bench.outOfRange} score reading(s) outside the declared range (events.jsonl: score_out_of_range), kept unclamped\n`);
            const record: MatchRecord = {
              key: match.key,
              setup: plan.setup,
              agents: [...match.agents],
              kinds: match.agents.map((l) => byLabel.get(l)!.kind),
              episode: match.episode,
              seed: match.seed,
              reason: result.reason,
              simMs: result.simMs,
              players: bench?.players ?? players,
              runId: job.id,
              dir: join(shared.runsDir, job.id),
              finishedAt: new Date().toISOString(),
            };
            appendRecord(join(plan.outDir, 'results.jsonl'), record);
          } else {
            failed++;
            failedIn.set(plan, (failedIn.get(plan) ?? 0) + 1);
            io.note(`\n${plan.arm === undefined ? '' : `${plan.arm} `}${matchLabel(match)}: INCOMPLETE ${result.failure?.code ?? ''} (${result.failure?.class ?? ''}): ${result.failure?.message ?? ''}; a rerun retries it\n`);
          }
          io.progress?.(finished / work.length, `${finished}/${work.length} ${plan.arm === undefined ? '' : `${plan.arm} `}${matchLabel(match)}`);
        },
      },
      { stop, abort },
    );
  } finally {
    await backend.close();
  }
  io.done?.();

  const byArm = new Map<string, MatchRecord[]>();
  for (const plan of arms) {
    const played = armRecords(plan, scheduled, byLabel).records;
    if (plan.kind !== undefined) byArm.set(plan.kind, played);
    const measure = measureOf(plan.shared.profile);
    const table = standings(entry.regime, labels, lineUps(entry.regime, labels), played, { measure });
    if (arms.length > 1) io.out(`\n== arm ${plan.arm} (${plan.shared.clock} clock) ==\n`);
    io.out(formatStandings(entry.regime, table, measure));
    if (measure === 'benchmark') io.out("benchmark score above is the benchmark's own score (result.benchmark: raw, a Coop team's sum), not clamped to [0, 1]\n");
    writeStandings(plan.outDir, table, {
      game: entry.id,
      variant,
      regime: entry.regime,
      clock: plan.shared.clock,
      ...(plan.arm === undefined ? {} : { fairness: plan.arm }),
      setup: plan.setup,
      episodes,
      agents: entrants.map((e) => ({ label: e.label, kind: e.kind })),
      matches: { scheduled: scheduled.length, recorded: played.length, playedThisRun: work.filter((w) => w.plan === plan).length - (failedIn.get(plan) ?? 0), failedThisRun: failedIn.get(plan) ?? 0 },
    }, measure);
    io.note(`tournament: ${played.length}/${scheduled.length} matches recorded; tables in ${plan.outDir}\n`);
  }
  if (values.arms !== undefined) {
    const samples = count(values['bootstrap-samples'], 'bootstrap-samples', 1000);
    const result = decompose(labels, byArm, { samples, seed: count(values.seed, 'seed', 1) });
    io.out(`\n${formatDecomposition(result)}`);
    await writeDecomposition(outDir, result, { game: entry.id, variant, episodes, arms: arms.map((a) => ({ arm: a.arm, clock: a.shared.clock, setup: a.setup, dir: a.outDir })) });
    io.note(`tournament: decomposition in ${join(outDir, 'decomposition.json')} (csv, svg, png beside it)\n`);
  }
  return { failed, stopped: stop.aborted };
}
