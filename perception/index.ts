/** perception: Video-Arena cases from finished runs (offline) and TRACE tasks on live streams (online), their protocols and scorers. */
export { eventIdentity, PerceptionTuple, TIME_TOLERANCE_S, TupleSet } from './tuple.js';
export { CaseInfo, CaseReference, CaseStrata, GoldenManifest } from './cases/case-schema.js';
export * from './trace/index.js';
