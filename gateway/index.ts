/** gateway: matches, the clock, run records. */
export { compileChunk, shiftInputs } from './chunk-compiler.js';
export { chargesLatency, ClockMode, isPausedClock, PausedClockMode } from './clock/clock-mode.js';
export { LatencyCharger, LatencySource, parseLatencySource } from './clock/latency.js';
export { LATENCY_FORMS_TEXT } from './clock/latency-sources.js';
export { isResultOfPlay } from './match/match-spec.js';
export { describeFairness, FairnessArm, Handicap, parseFairness, parseHandicap } from './clock/fairness.js';
export type { MatchEvent, MatchResult, MatchSlot, MatchSpec } from './match/match-spec.js';
export { EpisodeOptions, episodeOptionsOf, MatchOptions, matchOptionsOf, matchPlayOptionsOf } from './match/match-options.js';
export { type MatchObserver } from './match/match-observer.js';
export { episodeClass, gameFrameEncoding, runMatch } from './match/run-match.js';
export { classifyFailure } from './records/run-recorder.js';
export { RecordQueue } from './records/record-queue.js';
export { recordedFrameImage, recordedFramePath, recordedRgbDigest } from './records/frame-files.js';
export { readJsonl } from './records/replay.js';
export { RemoteAgent } from './agent-link/remote-agent.js';
export { AGENT_PATH, AgentLinkServer } from './agent-link/agent-link-server.js';
export { summarizeLedger } from './clock/ledger-summary.js';
export { AdvanceRecord, DecisionRecord, EventRecord, PlacementRecord, PlayerResultRecord, ProgressRecord, RunJson, StateLineRecord } from './records/run-record-schema.js';
export { readRecordLines, readRunJson, readRunRecord, readStateLines, recordsInFlight, type RunRecord } from './records/run-record-read.js';
export { rebuildStateLines } from './records/state-lines.js';
export { compareArms, conditionDifferences, type StudiedFactor } from './records/conditions.js';
export { benchmarkTimeline, runMeasure, seatValue, type BenchmarkPoint } from './records/run-score.js';

// The detection itself sits in protocol (conformance judges frames with it too); re-exported for the gateway's users.
export { STALE_VERDICTS, type FrameVerdict } from '../protocol/index.js';
export { FrameIntegrityCheck } from './frame-integrity/integrity-check.js';
export { type ResimOptions, type ResimReport, resimulate } from './records/resimulate.js';
