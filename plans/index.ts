/**
 * The plans layer: one module per kind of work (match, tournament, curve, transfer, sweep, watch, boards, cases,
 * audit, report, import), each with its configuration, its `run(config, io)` (run/plan-io.ts; by name in
 * run/plan-names.ts) and its job kind for the service. The command line (flags -> config -> plan -> print) and
 * `arena serve` (in process, or in a plan process through plans/jobs/plan-process.ts) both run the same
 * function; it sits on the engines (gateway, sweeps, reflection...).
 */
export { MatchConfig, parseConfig } from './match/match-config.js';
export { buildMatchConfig } from './match/config-from-flags.js';
export { resolveMatch } from './match/resolve-match.js';
export { makeAgent } from './match/agent-factory.js';
export { profileEntry, readRunnerMaps } from './match/profile-entry.js';
export { episodeConfig, episodeResolver } from './sweep/episode-spec.js';
export { tournamentOptions } from './tournament/tournament-flags.js';
export { planTournament } from './tournament/plan-tournament.js';
export { curveOptions, curveSettingsFromFlags, defaultCurveId, resumedSettings } from './curve/curve-flags.js';
export { playerFactory } from './curve/curve-player.js';
export { curveWork } from './curve/curve-work.js';
export { resolveAttempt } from './curve/curve-attempt.js';
export { serveKinds } from './jobs/job-kinds.js';
export { type PlanIo } from './run/plan-io.js';
export { loadPlan, PLAN_NAMES, type PlanName } from './run/plan-names.js';
export { abortOnStopSignals, STOP_SIGNALS } from './run/stop-signals.js';
export { parseListen } from './match/listen.js';
export { resultLine, exitCodeOf } from './match/match-plan.js';
export { runAudit, auditTable, type AuditTarget } from './audit/run-audit.js';
export { firstDifference } from './audit/behaviour.js';
export { aggregateAgents, aggregateTable } from './report/aggregates.js';
export { comparisonText, compareGroups } from './report/comparisons.js';
export { differingKeys, groupByConditions, type ConditionGroup } from './report/condition-groups.js';
export { describeConditionKeys } from './report/condition-words.js';
export { writeRunPlots } from './report/plot.js';
export { readCheckout } from './import/read-checkout.js';
export { writeImport } from './import/write-configs.js';
export { boardsE2e } from './boards/boards-e2e.js';
export { boardsOptions } from './boards/boards-flags.js';
