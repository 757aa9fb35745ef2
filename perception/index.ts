/** perception: Video-Arena cases from finished runs (offline) and TRACE tasks on live streams (online), their protocols and scorers. */
export { eventIdentity, PerceptionTuple, TIME_TOLERANCE_S, TupleSet } from './tuple.js';
export { CaseInfo, CaseReference, CaseStrata, GoldenManifest } from './cases/case-schema.js';
export { buildVideoArena, CASE_FPS, CASE_MAX_WIDTH, type GoldenSet, type GoldenSetOptions } from './cases/golden-set.js';
export { referenceTuples } from './cases/references.js';
export { caseStrata, durationBin, leadShape, outcomeLabel, progressShape, DURATION_BINS_S } from './cases/strata.js';
export { selectCases, stratumKey, type Selectable } from './cases/select.js';
export { taskText } from './cases/task-text.js';
export { findRuns, type FoundRun } from './cases/run-dirs.js';
export { examineRun, MIN_EVENTS, videoDurationS, type Candidate, type Skipped } from './cases/candidates.js';
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
