/** perception: Video-Arena cases from finished runs (offline) and TRACE tasks on live streams (online), their protocols and scorers. */
export { eventIdentity, PerceptionTuple, TIME_TOLERANCE_S, TupleSet } from './tuple.js';
export { CaseInfo, CaseReference, CaseStrata, GoldenManifest } from './cases/case-schema.js';
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
