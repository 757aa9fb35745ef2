/** gateway: matches, the clock, run records. */
export { compileChunk, type CompiledChunk, releaseAll, shiftInputs } from './chunk-compiler.js';
export { ClockMode } from './clock/clock-mode.js';
export { describeLatencySource, LatencyCharger, LatencySource, parseLatencySource } from './clock/latency.js';
export { type Placement, Timeline } from './clock/timeline.js';
export type { EpisodeClass, MatchEvent, MatchResult, MatchSlot, MatchSpec, PlayerResult } from './match/match-spec.js';
export {
  DECISION_FAILURE_SHARE,
  episodeClass,
  FORMAT_FAILURE_SHARE,
  gameFrameEncoding,
  GATEWAY_VERSION,
  runMatch,
} from './match/run-match.js';
export { classifyFailure, type FailureClass, type RunFiles, RunRecorder, type RunStatus } from './records/run-recorder.js';
export { readJsonl, writeReplay } from './records/replay.js';
export { RemoteAgent, type RemoteAgentOptions } from './agent-link/remote-agent.js';
export { AGENT_PATH, AgentLinkServer } from './agent-link/agent-link-server.js';
export { type ClockSummary, type SlotClockSummary, summarizeLedger } from './clock/ledger-summary.js';
