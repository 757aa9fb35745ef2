/** perception: Video-Arena cases from finished runs (offline) and TRACE tasks on live streams (online), their protocols and scorers. */
export { PerceptionTuple } from './tuple.js';
export { CaseInfo, CaseReference, GoldenManifest } from './cases/case-schema.js';
export { buildVideoArena } from './cases/build-golden-set.js';
export { readCases, readManifest, readReference } from './cases/golden-set.js';
export { MAX_FRAME_WIDTH, nativeGrid, nativeInterval } from './media/frame-grid.js';
export { extractFrames } from './media/video-frames.js';
export { CaseResult } from './protocols/case-result.js';
export { DEFAULT_AGENTIC_LIMITS } from './protocols/agentic-run.js';
export { parseModelRoute, type ModelRouteInput } from './protocols/model-route.js';
export { DEFAULT_CONCURRENCY, runCases, type RunCasesOptions } from './protocols/run-cases.js';
export { preflight, PROTOCOLS, type Protocol } from './protocols/task-delivery.js';
export { scoreResults, type ScoreReport } from './scoring/score-report.js';
export { scoreTable } from './scoring/score-table.js';
export { gameScoreSvg } from './scoring/score-plots.js';
export { parseHistoryPolicy, parseMonitor, POLL_TEXT, type QaRecord, type RequestRecord, scoreProactive, type TargetWindow, TraceWatcher, vocabularyFor, type WatchConditions, watchMatch } from './trace/index.js';
