/** gateway: matches, the clock, run records. */
export { compileChunk, type CompiledChunk, releaseAll, shiftInputs } from './chunk-compiler.js';
export { chargesLatency, ClockMode, isPausedClock, PausedClockMode } from './clock/clock-mode.js';
export { describeLatencySource, LatencyCharger, LatencySource, parseLatencySource } from './clock/latency.js';
export { LATENCY_FORMS_TEXT } from './clock/latency-sources.js';
export { type Placement, Timeline, type TimelineMode } from './clock/timeline.js';
export { isResultOfPlay } from './match/match-spec.js';
export {
  describeFairness,
  describeHandicap,
  FAIRNESS_ARMS,
  FairCharge,
  FairnessArm,
  fairnessConditions,
  fairnessMeaning,
  Handicap,
  MatchedStatistic,
  parseFairness,
  parseHandicap,
  resolveFairness,
} from './clock/fairness.js';
export type { EpisodeClass, MatchEvent, MatchResult, MatchSlot, MatchSpec, PlayerResult } from './match/match-spec.js';
export { type MatchObserver, notify, type ObservedLedger } from './match/match-observer.js';
export {
  DECISION_FAILURE_SHARE,
  episodeClass,
  FORMAT_FAILURE_SHARE,
  gameFrameEncoding,
  GATEWAY_VERSION,
  runMatch,
} from './match/run-match.js';
export { classifyFailure, type FailureClass, type RunFiles, RunRecorder, type RunStatus } from './records/run-recorder.js';
export { RECORD_QUEUE_DEFAULTS, RecordQueue, type RecordQueueLimits, type RecordQueueReport } from './records/record-queue.js';
export { readJsonl, writeReplay } from './records/replay.js';
export { RemoteAgent, type RemoteAgentOptions } from './agent-link/remote-agent.js';
export { AGENT_PATH, AgentLinkServer } from './agent-link/agent-link-server.js';
export { type ClockSummary, type SlotClockSummary, summarizeLedger } from './clock/ledger-summary.js';
export {
  AdvanceRecord,
  AgentConditions,
  AgentSettings,
  ChunkRecord,
  Conditions,
  DecisionRecord,
  EventRecord,
  FrameIntegrityRecord,
  InputRecord,
  IntegrityCountsRecord,
  LedgerRecord,
  PlacementRecord,
  PlayerResultRecord,
  ProgressRecord,
  RunJson,
  StateLineRecord,
  TrackedRecord,
} from './records/run-record-schema.js';
export { readRecordLines, readRunJson, readRunRecord, readStateLines, type RunRecord } from './records/run-record-read.js';
export { rebuildStateLines, sameTrackedState, trackedLines } from './records/state-lines.js';
export { StudiedFactors, agentConditions, compareArms, conditionDifferences, confounds, gatewayCommit, latencyMeaning, type StudiedFactor } from './records/conditions.js';
export { frameDigest } from './records/frame-digest.js';
// The detection itself sits in protocol (conformance judges frames with it too); re-exported for the gateway's users.
export { DEFAULT_THRESHOLDS, HASH_GRID, IntegrityTally, STALE_VERDICTS, assessFrame, blockHash, hashDistance, type FrameIntegrity, type FrameVerdict, type IntegrityCounts, type IntegrityThresholds } from '../protocol/index.js';
export { FrameIntegrityCheck, type IntegritySummary } from './frame-integrity/integrity-check.js';
export { STALE_FRAME_POLICIES, STALE_RETRY, staleFramePolicy, type StaleFramePolicy } from './frame-integrity/stale-policy.js';
export { type ResimFrame, type ResimMismatch, type ResimOptions, type ResimReport, resimulate, verifyRun } from './records/resimulate.js';
