/** reflection: Improvement Dynamics Curves: the loop, the reflector and its tools, bounds and lints, rollback, held-out transfer, artefacts. */
export { runCurve, type CurveConfig, type CurveEvent } from './run-curve.js';
export { CurveSettings, ReflectorSettings, CurveMatchSettings, BannedPattern, parseCurveSettings, type CurveSettingsInput } from './curve-settings.js';
export { DEFAULT_BANNED_PATTERNS, type BannedPatternSpec } from './banned-patterns.js';
export { CurveState, RoundRecord, EpisodeRecord, ReflectionRecord, RollbackRecord, TransferRecord, KeepReason, readCurveState, settingsMismatch, CURVE_STATE_VERSION } from './curve-state.js';
export { CurvePaths, resolveCurveDir } from './curve-paths.js';
export { lintSubmission, LintCode, type LintIssue, type Submission, type TokenCounter } from './lints.js';
export { runReflection, type ReflectorClient, type ReflectionResult } from './reflector.js';
export { ToolName, toolDefinitions, type ReflectionInput, type SkillRef } from './reflector-tools.js';
export { summariseEpisode, type EpisodeSummary } from './episode-summary.js';
export { playEpisode, episodeRunId, episodeMatchFields, type PlayerFactory, type PlayerContext, type EpisodePlay, type EpisodeRequest, type PlayedEpisode, type PlayerLine } from './play-episode.js';
export { curveConfounds, curveCsv, curveSummary, transferSummary, writeCurveArtefacts, CSV_COLUMNS, type CurveConfounds } from './curve-artefacts.js';
export { transferCurve, type TransferConfig, type TransferEvent } from './transfer-curve.js';
export { TransferTable, readTransferTable, transferCsv, TRANSFER_CSV_COLUMNS, TRANSFER_TABLE_VERSION } from './transfer-table.js';
export type { Arm } from './held-out.js';
export { curveSvg, svgToPng } from './curve-plot.js';
export { diffLines } from './skill-diff.js';
export { RunnerStyleSettings, runnerLints, lintsText, countBullets, runnerMetrics, runnerReflection, parseVerdict, VALIDATOR_SYSTEM_PROMPT, RunnerReflectionRecord, ColdStartRecord, type RunnerLint, type RunnerMetrics } from './runner-style/index.js';
