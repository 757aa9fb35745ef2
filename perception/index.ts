/** perception: Video-Arena cases from finished runs (offline) and TRACE tasks on live streams (online), their protocols and scorers. */
export { eventIdentity, PerceptionTuple, TIME_TOLERANCE_S, TupleSet } from './tuple.js';
export { CaseInfo, CaseReference, CaseStrata, GoldenManifest } from './cases/case-schema.js';
export { buildVideoArena, CASE_FPS, CASE_MAX_WIDTH, type GoldenSet, type GoldenSetOptions } from './cases/build-golden-set.js';
export { referenceTuples } from './cases/references.js';
export { caseStrata, durationBin, leadShape, outcomeLabel, progressShape, DURATION_BINS_S } from './cases/strata.js';
export { selectCases, stratumKey, type Selectable } from './cases/select.js';
export { taskText } from './cases/task-text.js';
export { findRuns, type FoundRun } from './cases/run-dirs.js';
export { examineRun, MIN_EVENTS, videoDurationS, type Candidate, type Skipped } from './cases/candidates.js';
export { readCases, readManifest, readReference, type GoldenCase } from './cases/golden-set.js';
export { MAX_FRAME_WIDTH, NATIVE_FPS, NATIVE_MAX_FRAMES, nativeGrid, nativeInterval } from './media/frame-grid.js';
export { extractFrames, probeVideo, type VideoFacts, type VideoFrame } from './media/video-frames.js';
export { ANSWER_SCHEMA, readAnswer } from './protocols/answer-format.js';
export { CaseResult, InfraClass, OutcomeClass, readResults, resultPath } from './protocols/case-result.js';
export { DEFAULT_AGENTIC_LIMITS, type AgenticLimits } from './protocols/agentic-run.js';
export { ModelRoute, parseModelRoute, type ModelRouteInput } from './protocols/model-route.js';
export { DEFAULT_CONCURRENCY, runCases, type RunCasesOptions, type RunCasesSummary } from './protocols/run-cases.js';
export { preflight, PROTOCOLS, type Protocol } from './protocols/task-delivery.js';
export { scoreResults, type ScoreOptions, type ScoreReport } from './scoring/score-report.js';
export { scoreTable } from './scoring/score-table.js';
export { gameScoreSvg } from './scoring/score-plots.js';
export { greedyMatch, prf, scoreTuples, strictKey, type CaseScore, type Prf } from './scoring/tuple-match.js';
export {
  parseHistoryPolicy,
  parseMonitor,
  POLL_TEXT,
  type QaRecord,
  type RequestRecord,
  scoreProactive,
  type TargetWindow,
  TraceWatcher,
  vocabularyFor,
  type WatchConditions,
  watchMatch,
} from './trace/index.js';
