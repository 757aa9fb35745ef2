/** perception/trace: TRACE tasks on a live match (arena watch): sampling, history policies, QA, proactive windows and their scoring. */
export { parseAnswer } from './answer-parse.js';
export { FrameSampler, type SamplerStats } from './frame-sampler.js';
export { createHistory, type HistoryPolicy, type HistoryRequest, NativeHistory, parseHistoryPolicy, type RequestHistory, type SampledFrame, type WatchHistory, WindowHistory } from './history.js';
export { eventToken, type Monitor, monitorInstruction, monitorWindows, parseMonitor, SILENCE, triggerWindows } from './monitor.js';
export { normaliseAnswer, type ProactiveScore, type ResponseEpisode, type ResponseRole, scoreProactive, type TargetWindow, type WindowKind } from './proactive-score.js';
export { causalPrefix, QA_KINDS, type QaKind, type QaQuestion, questionAt, questionTimes } from './qa-questions.js';
export { StreamClock } from './stream-clock.js';
export { eventWords, leaderOf, leadStretches, playerLabel, type ProgressReport, type StreamRecord, stretches, type TrackedReport, type Vocabulary, vocabularyFor, vocabularyOf } from './stream-record.js';
export { POLL_TEXT, type QaRecord, type RequestRecord } from './watch-tasks.js';
export { type WatchConditions, watchMetrics, type WatchMetrics, watchSummary } from './watch-report.js';
export { watchMatch, type WatchRunResult } from './watch-run.js';
export { TraceWatcher, type WatcherOptions, watcherSystem, type WatchOutcome } from './watcher.js';
export { askModel, type ModelReply, type WatcherModel } from './watcher-model.js';
